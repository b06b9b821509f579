import { describe, expect, it } from 'vitest';
import type { PobSummary } from '@jono/contract';
import { buildShopList } from './shop-list';

const shop = (id: number, name: string, city: string, lat: number, lng: number): PobSummary => ({
  id,
  name,
  city,
  address: `Katu ${id}`,
  open: true,
  open_times: [],
  closing_soon: false,
  location: { latitude: String(lat), longitude: String(lng) },
  service_time_estimates: [{ priority: 0, wait_time: 5, wait_range: { low: 5, high: 5 } }],
  queue_state: 'open',
  queue_info: { queue_employees: 2 },
  image: false,
  notice: null,
});

const shops = [
  shop(1, 'Jono Ratina', 'Tampere', 61.4925, 23.7672),
  shop(2, 'Jono Kamppi', 'Helsinki', 60.1688, 24.9325),
  shop(3, 'Jono Kallio', 'Helsinki', 60.1841, 24.9506),
  shop(4, 'Jono Tapiola', 'Espoo', 60.1756, 24.8052),
];
const names = (items: { shop: PobSummary }[]) => items.map((i) => i.shop.name);
const base = { shops, query: '', favouriteIds: [], coords: null, locale: 'FI' as const };

describe('the shop list', () => {
  it('sorts by city then name', () => {
    const view = buildShopList(base);
    expect(names(view.groups[0]!.items)).toEqual([
      'Jono Tapiola',
      'Jono Kallio',
      'Jono Kamppi',
      'Jono Ratina',
    ]);
    expect(view.groups[0]!.label).toBeNull();
  });

  it('searches name, address and city without caring about case', () => {
    expect(names(buildShopList({ ...base, query: 'HELSINKI' }).groups[0]!.items)).toEqual([
      'Jono Kallio',
      'Jono Kamppi',
    ]);
    expect(names(buildShopList({ ...base, query: 'katu 4' }).groups[0]!.items)).toEqual([
      'Jono Tapiola',
    ]);
  });

  it('reports no results for a search without hits', () => {
    const view = buildShopList({ ...base, query: 'Oulu' });
    expect(view.noResults).toBe(true);
    expect(view.groups).toEqual([]);
  });

  it('lists favourites on their own when not searching', () => {
    const view = buildShopList({ ...base, favouriteIds: [1] });
    expect(names(view.favourites)).toEqual(['Jono Ratina']);
    expect(names(view.groups[0]!.items)).not.toContain('Jono Ratina');
    expect(buildShopList({ ...base, favouriteIds: [1], query: 'jono' }).favourites).toEqual([]);
  });

  it('orders by distance with group labels once located', () => {
    const view = buildShopList({ ...base, coords: { lat: 60.1699, lng: 24.9384 } });
    expect(view.groups.map((g) => g.label)).toEqual(['under1', 'one', 'over2', 'over10']);
    expect(names(view.groups[0]!.items)).toEqual(['Jono Kamppi']);
    expect(view.groups[0]!.items[0]!.distance).toEqual({ value: 0.3, unit: 'km' });
    expect(names(view.groups[3]!.items)).toEqual(['Jono Ratina']);
  });
});
