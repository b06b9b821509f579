// One shop of the chain board: state, barbers on duty, who waits (by priority), the wait a new
// one-time customer is shown with its range, the last hour, and why it needs attention.
import { useTranslation } from 'react-i18next';
import type { OperatorShop } from '@jono/contract';
import { oneTimeWait, waitingOf } from '../utils/board';

const PRIORITIES = ['oneTime', 'silver', 'gold', 'platinum'] as const;

export function ShopTile({
  shop,
  showMarket,
  onMove,
}: {
  shop: OperatorShop;
  showMarket: boolean;
  onMove: (shop: OperatorShop) => void;
}) {
  const { t } = useTranslation();
  const wait = oneTimeWait(shop);
  const waiting = waitingOf(shop);
  const urgent = shop.reasons.length > 0;
  const headingId = `shop-${shop.market}-${shop.id}`;
  return (
    <article
      className={`card shop-tile${urgent ? ' shop-tile--urgent' : ''}`}
      aria-labelledby={headingId}
    >
      <header className="shop-tile__head">
        <h3 id={headingId} className="shop-tile__name">
          {shop.name}
        </h3>
        <span className={`tag tag--state-${shop.queue_state}`}>
          {t(`operator.state.${shop.open ? shop.queue_state : 'closed'}`)}
        </span>
      </header>
      <p className="muted shop-tile__where">
        {showMarket ? `${t(`markets.${shop.market}`)} · ` : ''}
        {shop.city}
      </p>
      {urgent && (
        <ul className="shop-tile__reasons">
          {shop.reasons.map((r) => (
            <li key={r}>{t(`operator.reason.${r}`, { count: shop.last_hour.alerts_failed })}</li>
          ))}
        </ul>
      )}
      <dl className="shop-tile__facts">
        <div>
          <dt>{t('operator.tile.wait')}</dt>
          <dd>
            {wait
              ? t('operator.tile.waitValue', {
                  wait: wait.wait_time,
                  low: wait.wait_range.low,
                  high: wait.wait_range.high,
                })
              : '–'}
          </dd>
        </div>
        <div>
          <dt>{t('operator.tile.barbers')}</dt>
          <dd>
            {t('operator.tile.barbersValue', {
              count: shop.barbers_on_duty,
              busy: shop.in_service,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('operator.tile.waiting')}</dt>
          <dd>
            {waiting}
            {waiting > 0 && (
              <span className="muted">
                {' ('}
                {shop.waiting_by_priority
                  .map((n, i) => (n > 0 ? `${n} ${t(`operator.priority.${PRIORITIES[i]}`)}` : ''))
                  .filter(Boolean)
                  .join(', ')}
                {')'}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('operator.tile.lastHour')}</dt>
          <dd>
            {t('operator.tile.lastHourValue', {
              joins: shop.last_hour.joins,
              noShows: shop.last_hour.no_shows,
            })}
          </dd>
        </div>
      </dl>
      {waiting > 0 && (
        <button type="button" className="button button--ghost" onClick={() => onMove(shop)}>
          {t('operator.move.open')}
        </button>
      )}
    </article>
  );
}
