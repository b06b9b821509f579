// The phone's dial code decides the market at login and registration: the request goes to that
// market's backend, and on success the app moves there with a notice (never silently).
import { MARKET_INFO, marketOfPhone, type Market } from '@jono/contract';
import { i18next } from './i18n';
import { currentMarket, localeOfMarket, useLocaleStore } from './locale-store';
import { changeMarket } from './market-shelf';
import { notify } from './notification-store';

/** The market whose backend knows this phone: its dial code's, else the current one. */
export function marketForPhone(phone: string): Market {
  return marketOfPhone(phone) ?? currentMarket();
}

/** Moves the app to the market (when it is another) and tells the customer why. */
export function enterMarket(market: Market): void {
  if (market === currentMarket()) return;
  changeMarket(() => useLocaleStore.getState().setLocale(localeOfMarket(market)));
  const country = i18next.t(`common:countries.${MARKET_INFO[market].country}`);
  notify({ title: i18next.t('common:market.switchedByPhone', { country }) });
}
