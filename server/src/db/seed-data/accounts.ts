// Demo accounts: the customers' phone numbers and the one password of every demo account.
import type { Market } from '@jono/contract';

/** Demo phone numbers: the market's dial code and a fixed stem; ...0001, ...0002, ...0003. */
export const DEMO_PHONE_STEM: Record<Market, string> = {
  fi: '+35840000000',
  ee: '+3725000000',
  no: '+474000000',
  dk: '+452000000',
  se: '+4670000000',
};
export const DEMO_PASSWORD = 'Jono1234';
