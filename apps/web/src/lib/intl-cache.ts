// Building an Intl formatter costs far more than formatting with one (a shop page of opening
// hours and prices built dozens: a tenth of a second on a slow phone), so each is built once.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** The number formatter of `key`, built by `make` on first use. */
export const numberFormat = cached<Intl.NumberFormat>;
/** The date formatter of `key`, built by `make` on first use. */
export const dateTimeFormat = cached<Intl.DateTimeFormat>;
