// When the device goes offline the app says so: queue times need a connection. A customer in a
// queue still sees the last wait the app knew, with when it was known, and their number.
import './pwa.css';
import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ticketLabel, type Order } from '@jono/contract';
import { useActiveOrderStore } from '../../lib/active-order-store';
import { formatTimeOfDay } from '../../lib/format';
import { useLocale, useMarket } from '../../lib/locale-store';
import { queryKeys } from '../../lib/query-keys';
import { useCustomerId } from '../../lib/session-store';
import { useTranslation } from '../../lib/use-translation';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** The tracked order as last loaded, and when; null without one in the cache. */
function useLastKnownOrder(): { order: Order; at: number } | null {
  const queryClient = useQueryClient();
  const market = useMarket();
  const customerId = useCustomerId();
  const orderId = useActiveOrderStore((s) => s.order?.orderId ?? null);
  if (customerId === null || orderId === null) return null;
  const key = queryKeys.order(market, customerId, orderId);
  const order = queryClient.getQueryData<Order>(key);
  const at = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
  return order && order.status === 'active' && at > 0 ? { order, at } : null;
}

export function OfflineScreen() {
  const { t } = useTranslation('pwa');
  const locale = useLocale();
  const online = useOnline();
  const last = useLastKnownOrder();
  if (online) return null;
  const wait = last?.order.service_time_estimate.wait_time ?? null;
  return (
    <div
      className="offline-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
    >
      <div className="offline-screen__body">
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
          <path
            d="M8 24a34 34 0 0 1 48 0M16 33a22 22 0 0 1 32 0M24 42a10 10 0 0 1 16 0"
            stroke="#5a5a5a"
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
          <circle cx="32" cy="51" r="4" fill="#5a5a5a" />
          <path d="M10 8l44 48" stroke="#a82418" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <h2 id="offline-title">{t('offline.title')}</h2>
        <p>{t('offline.text')}</p>
        {last && wait !== null ? (
          <p className="offline-screen__last">
            {t('offline.lastKnown', {
              count: wait,
              time: formatTimeOfDay(new Date(last.at), locale),
            })}
          </p>
        ) : null}
        {last?.order.ticket != null ? (
          <p className="offline-screen__last">
            {t('offline.number', { ticket: ticketLabel(last.order.ticket) })}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('offline.retry')}
        </button>
      </div>
    </div>
  );
}
