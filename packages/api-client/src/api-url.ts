// Where a market's API lives: {base}/{market}{path}. The NO, DK and SE backends are called without
// trailing slashes (spec section 7); FI and EE keep them.
import type { Market } from '@jono/contract';

const WITHOUT_TRAILING_SLASH: ReadonlySet<Market> = new Set(['no', 'dk', 'se']);

/** `route` without its trailing slashes (a loop: `/\/+$/` is quadratic on many slashes). */
function withoutTrailingSlashes(route: string): string {
  let end = route.length;
  while (end > 1 && route[end - 1] === '/') end--;
  return route.slice(0, end);
}

export function marketUrl(base: string, market: Market, path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const query = withSlash.indexOf('?');
  let route = query === -1 ? withSlash : withSlash.slice(0, query);
  const search = query === -1 ? '' : withSlash.slice(query);
  if (WITHOUT_TRAILING_SLASH.has(market) && route.length > 1) route = withoutTrailingSlashes(route);
  return `${base.replace(/\/$/, '')}/${market}${route}${search}`;
}
