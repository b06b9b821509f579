// The chain board's order: most attention first, then by market and id (the server's order
// within a market); a live message replaces the shops it carries.
import type { OperatorShop } from '@jono/contract';

export const byAttention = (a: OperatorShop, b: OperatorShop) =>
  b.attention - a.attention || a.market.localeCompare(b.market) || a.id - b.id;

export function mergeShops(old: OperatorShop[], changed: OperatorShop[]): OperatorShop[] {
  const byId = new Map(old.map((s) => [s.id, s]));
  for (const s of changed) byId.set(s.id, s);
  return [...byId.values()].sort(byAttention);
}

export const waitingOf = (shop: OperatorShop) =>
  shop.waiting_by_priority.reduce((sum, n) => sum + n, 0);

export const oneTimeWait = (shop: OperatorShop) =>
  shop.service_time_estimates.find((e) => e.priority === 0) ?? null;

/** Straight-line kilometres between two shops (for "nearby"). */
export function distanceKm(a: OperatorShop, b: OperatorShop): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const [lat1, lng1, lat2, lng2] = [
    Number(a.location.latitude),
    Number(a.location.longitude),
    Number(b.location.latitude),
    Number(b.location.longitude),
  ].map(rad) as [number, number, number, number];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
