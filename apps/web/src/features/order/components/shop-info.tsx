// Name, city, address, opening hours, chairs, queue timer, favourite toggle and the day's notices.
import { useTranslation } from '../../../lib/use-translation';
import { INTL_LOCALE, type Pob, type WaitRange } from '@jono/contract';
import { QueueTimer } from '../../../components/ui/queue-timer';
import { useFavouritesStore } from '../../../lib/favourites-store';
import { formatClock, weekdayName } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { cardState } from '../../../lib/queue';
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
  const favourite = useFavouritesStore((s) => s.ids.includes(shop.id));
  const toggle = useFavouritesStore((s) => s.toggle);
  const state = cardState(shop);
  const days = [...shop.open_times].sort((a, b) => a.weekday - b.weekday);

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
      <p className="shop-info__chairs">
        {t('shop.chairs', { count: shop.queue_info.queue_employees })}
      </p>
      {days.length ? (
        <details className="shop-info__hours">
          <summary>{t('shop.openingHours')}</summary>
          <dl>
            {days.map((day) => (
              <div key={day.weekday} className="shop-info__day">
                <dt>{weekdayName(day.weekday, INTL_LOCALE[locale])}</dt>
                <dd>{`${formatClock(day.open, locale)}–${formatClock(day.close, locale)}`}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {state === 'closed' ? (
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
