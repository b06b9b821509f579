// A titled list of shop cards.
import type { ShopListItem } from '../utils/shop-list';
import { ShopCard } from './shop-card';

export function ShopListSection({
  title,
  items,
  priority,
}: {
  title: string;
  items: ShopListItem[];
  priority: number | null;
}) {
  return (
    <section className="shop-list__section" aria-label={title}>
      <h2 className="shop-list__heading">{title}</h2>
      <ul className="shop-list__items">
        {items.map(({ shop, distance }) => (
          <li key={shop.id}>
            <ShopCard shop={shop} distance={distance} priority={priority} />
          </li>
        ))}
      </ul>
    </section>
  );
}
