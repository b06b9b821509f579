// A shop's state in a few words for its card and map marker: "Opens at 9.00", "Closing soon",
// "Closed", "Queue full", each from the shop's own state and hours in its market's time zone.
import { useCallback } from 'react';
import { MARKET_INFO, type PobSummary } from '@jono/contract';
import { formatClock, weekdayName } from './format';
import { useLocale, useLocaleStore, useMarket } from './locale-store';
import { intlLocaleOf, nextOpening } from './opening-hours';
import { cardState } from './queue';
import { useTranslation } from './use-translation';

export function useShopStateLabel(): (shop: PobSummary, now?: number) => string {
  const { t } = useTranslation('shops');
  const locale = useLocale();
  const language = useLocaleStore((s) => s.language);
  const timeZone = MARKET_INFO[useMarket()].timeZone;
  return useCallback(
    (shop: PobSummary, now = Date.now()) => {
      const state = cardState(shop);
      if (state !== 'closed') return t(`card.${state}`);
      const next = nextOpening(shop.open_times, timeZone, now);
      if (!next) return t('card.closed');
      const time = formatClock(next.time, locale);
      return next.today
        ? t('card.opensAt', { time })
        : t('card.opensOn', {
            day: weekdayName(next.weekday, intlLocaleOf(language, locale)),
            time,
          });
    },
    [t, locale, language, timeZone],
  );
}
