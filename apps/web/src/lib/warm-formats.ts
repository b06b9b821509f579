// The Intl formatters a shop page draws with, built while its code and answer are still loading.
// The first formatter of a kind loads the browser's locale and time-zone data, a few milliseconds
// each (tens on a slow phone): built inside the page's first render, they made it one long task.
// Each is built in a task of its own, right after the last (a timer, not an idle callback: the
// browser has no idle moment while the first render's slices run, so idle callbacks came after
// it); the functions cache what they build, so the render finds them ready (and if it comes
// first, the warm-up finds them cached and costs nothing). The first of all, the market's zone
// clock, main.tsx already builds beside the first screen (the shop list formats too).
import { MARKET_INFO, marketOfLocale, type Language, type Locale } from '@jono/contract';
import { formatClock, formatPrice, formatTimeOfDay, weekdayName } from './format';
import { intlLocaleOf, localClock } from './opening-hours';

type Later = (work: () => void) => void;

const soon: Later = (work) => void setTimeout(work, 0);

/** Builds the shop page's formatters (market time zone, prices, clock times, weekday names). */
export function warmShopPageFormats(locale: Locale, language: Language, later: Later = soon): void {
  const { timeZone } = MARKET_INFO[marketOfLocale(locale)];
  const warm = [
    () => localClock(timeZone, Date.now()),
    () => formatPrice(0, locale),
    () => formatTimeOfDay(new Date(), locale, timeZone),
    () => formatClock('09:00', locale),
    () => weekdayName(1, intlLocaleOf(language, locale)),
    // The barbers' spoken languages, named in the interface language (barber picker).
    () =>
      void import('./barbers').then(({ spokenLanguages }) =>
        later(() => spokenLanguages(['fi'], language)),
      ),
  ];
  const next = () => {
    warm.shift()?.();
    if (warm.length > 0) later(next);
  };
  later(next);
}
