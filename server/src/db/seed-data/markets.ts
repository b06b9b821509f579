// What differs between the demo markets besides their shops: time zone and price level.
import type { Market } from '@jono/contract';

export const TIME_ZONES: Record<Market, string> = {
  fi: 'Europe/Helsinki',
  ee: 'Europe/Tallinn',
  no: 'Europe/Oslo',
  dk: 'Europe/Copenhagen',
  se: 'Europe/Stockholm',
};

/** Price multiplier from euro prices to the market's currency (rounded to x9.00 in seed). */
export const PRICE_FACTOR: Record<Market, number> = { fi: 1, ee: 1, no: 11.5, dk: 7.5, se: 11.5 };
