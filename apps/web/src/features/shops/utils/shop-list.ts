// The shop list of the home screen: search, favourites, order (city then name, or distance when
// located) and distance groups.
import type { Locale, PobSummary } from '@jono/contract';
import {
  distanceBetween,
  distanceGroup,
  shopCoords,
  type Distance,
  type DistanceGroup,
  type LatLng,
} from '../../../lib/distance';

export interface ShopListItem {
  shop: PobSummary;
  distance: Distance | null;
}

export interface ShopListGroup {
  /** null when the list has no distances (not located). */
  label: DistanceGroup | null;
  items: ShopListItem[];
}

export interface ShopListView {
  favourites: ShopListItem[];
  groups: ShopListGroup[];
  searching: boolean;
  noResults: boolean;
}

/** Name, address or city contain the query, case-insensitively. */
export function matchesQuery(shop: PobSummary, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return [shop.name, shop.address, shop.city].some((field) =>
    field.toLocaleLowerCase().includes(q),
  );
}

const byCityThenName = (a: ShopListItem, b: ShopListItem) =>
  a.shop.city.localeCompare(b.shop.city) || a.shop.name.localeCompare(b.shop.name);

const byDistance = (a: ShopListItem, b: ShopListItem) =>
  (a.distance?.value ?? Infinity) - (b.distance?.value ?? Infinity) || byCityThenName(a, b);

export function buildShopList(input: {
  shops: readonly PobSummary[];
  query: string;
  favouriteIds: readonly number[];
  coords: LatLng | null;
  locale: Locale;
}): ShopListView {
  const { shops, query, favouriteIds, coords, locale } = input;
  const searching = query.trim().length > 0;
  const items: ShopListItem[] = shops
    .filter((shop) => matchesQuery(shop, query))
    .map((shop) => {
      const at = shopCoords(shop.location);
      return { shop, distance: coords && at ? distanceBetween(coords, at, locale) : null };
    });
  items.sort(coords ? byDistance : byCityThenName);

  const favourites = searching ? [] : items.filter((i) => favouriteIds.includes(i.shop.id));
  const rest = searching ? items : items.filter((i) => !favouriteIds.includes(i.shop.id));

  const groups: ShopListGroup[] = [];
  if (!coords) {
    if (rest.length) groups.push({ label: null, items: rest });
  } else {
    for (const item of rest) {
      const label = item.distance ? distanceGroup(item.distance.value) : 'over10';
      const last = groups[groups.length - 1];
      if (last && last.label === label) last.items.push(item);
      else groups.push({ label, items: [item] });
    }
  }
  return { favourites, groups, searching, noResults: searching && items.length === 0 };
}
