// The shop's photo, or its fallback drawing (lib/shop-image.ts) when it has none or the photo
// fails. Height follows the window (under 768: 230, under 900: 250, else 325): set by the
// stylesheet's height media queries (.shop-image), not read from window.innerHeight while
// rendering, which made the browser lay the page out inside React's render task.
import { useState } from 'react';
import { fallbackImageUrl, shopImageUrl } from '../../../lib/shop-image';

export function ShopImage({
  id,
  image,
  name,
}: {
  id: number;
  image: string | false;
  name: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="shop-image" role="img" aria-label={name}>
      <img
        src={failed ? fallbackImageUrl(id) : shopImageUrl({ id, image })}
        alt=""
        fetchPriority="high"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
