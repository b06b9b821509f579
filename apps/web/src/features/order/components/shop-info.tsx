// Name, city, address, opening hours (today's marked), barbers at work while open, queue timer,
// favourite toggle, the shop's state in words (when it opens, closing soon, full) and how honest
// its shown waits were (published accuracy, once there are enough of them).
import { useTranslation } from '../../../lib/use-translation';
import { MARKET_INFO, type Pob, type WaitRange } from '@jono/contract';
import { QueueTimer } from '../../../components/ui/queue-timer';
import { useFavouritesStore } from '../../../lib/favourites-store';
import { formatClock, weekdayName } from '../../../lib/format';
import { useLocale, useLocaleStore, useMarket } from '../../../lib/locale-store';
import { intlLocaleOf, localClock, nextOpening, weekHours } from '../../../lib/opening-hours';
import { cardState } from '../../../lib/queue';
import { useNow } from '../../../lib/use-now';
import { IconHeart } from '@jono/ui';

export function ShopInfo({
  shop,
  wait,
  range,
}: {
  shop: Pob;
  wait: number | null;
  range: WaitRange | null;
}) {
  const { t } = useTranslation('order');
  const locale = useLocale();
  const language = useLocaleStore((s) => s.language);
  const favourite = useFavouritesStore((s) => s.ids.includes(shop.id));
  const toggle = useFavouritesStore((s) => s.toggle);
  const state = cardState(shop);
  const days = weekHours(shop.open_times, locale);
  const dayLocale = intlLocaleOf(language, locale);
  const timeZone = MARKET_INFO[useMarket()].timeZone;
  const now = useNow();
  const today = localClock(timeZone, now).weekday;
  const next = state === 'closed' ? nextOpening(shop.open_times, timeZone, now) : null;

  return (
    <section className="shop-info">
      <div className="shop-info__top">
        <div>
          <h1 className="shop-info__name">{shop.name}</h1>
          <p className="shop-info__city">{shop.city}</p>
        </div>
        <div className="shop-info__actions">
          <button
            type="button"
            className="icon-button favourite-toggle"
            aria-pressed={favourite}
            aria-label={favourite ? t('shop.removeFavourite') : t('shop.addFavourite')}
            onClick={() => toggle(shop.id)}
          >
            <IconHeart filled={favourite} />
          </button>
          {state === 'takingOrders' ? (
            <QueueTimer minutes={wait} range={range} size="large" />
          ) : null}
        </div>
      </div>
      <p className="shop-info__address">{shop.address}</p>
      {shop.open ? (
        <p className="shop-info__chairs">
          {t('shop.chairs', { count: shop.queue_info.queue_employees })}
        </p>
      ) : null}
      <p className="shop-info__priority">{t('shop.memberPriority')}</p>
      {shop.accuracy ? (
        <p className="shop-info__accuracy">
          {t('shop.accuracy', {
            days: shop.accuracy.days,
            percent: Math.round(shop.accuracy.inside_range * 100),
          })}
        </p>
      ) : null}
      <details className="shop-info__hours">
        <summary>{t('shop.openingHours')}</summary>
        <dl>
          {days.map((day) => (
            <div
              key={day.weekday}
              className={`shop-info__day${day.weekday === today ? ' shop-info__day--today' : ''}`}
              aria-current={day.weekday === today ? 'date' : undefined}
            >
              <dt>
                {day.weekday === today
                  ? `${weekdayName(day.weekday, dayLocale)} (${t('shop.today')})`
                  : weekdayName(day.weekday, dayLocale)}
              </dt>
              <dd>
                {day.kind === 'open'
                  ? `${formatClock(day.open, locale)}–${formatClock(day.close, locale)}`
                  : t(`shop.hours.${day.kind}`)}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {state === 'closed' ? (
        <p className="notice" role="status">
          {next === null
            ? t('shop.closedNow')
            : next.today
              ? t('shop.opensToday', { time: formatClock(next.time, locale) })
              : t('shop.opensLater', {
                  day: weekdayName(next.weekday, dayLocale),
                  time: formatClock(next.time, locale),
                })}
        </p>
      ) : state === 'closingSoon' ? (
        <p className="notice notice--warning" role="status">
          {t('shop.closingSoon')}
        </p>
      ) : state === 'queueClosed' ? (
        <p className="notice notice--warning" role="status">
          {t('shop.closedForDay')}
        </p>
      ) : state === 'full' ? (
        <p className="notice notice--warning" role="status">
          {t('shop.full')}
        </p>
      ) : state === 'unknown' ? (
        <p className="notice notice--warning" role="status">
          {t('shop.queueUnknown')}
        </p>
      ) : wait === 0 ? (
        <p className="notice" role="status">
          {t('shop.noQueue')}
        </p>
      ) : null}
    </section>
  );
}
