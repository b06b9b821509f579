// /profile/history: past orders with their services, status, order number, date and total
// including VAT (a visit left or missed says there is nothing to pay).
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { Loader } from '../../../components/ui/loader';
import { formatDate, formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { ScreenHeader } from '../../account/components/screen-header';
import { useServiceTitles } from '../../shops/api/service-titles';
import { RejoinButton } from '../../tracking/components/rejoin-button';
import { useOrderHistory } from '../api/order-history';
import { orderTotal } from '../utils/order-total';

const STATUS: Record<string, true> = {
  active: true,
  serviced: true,
  cancelled: true,
  noShow: true,
};

export function HistoryScreen() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const history = useOrderHistory();
  const navigate = useNavigate();
  const items = history.data?.items ?? [];
  const titleOf = useServiceTitles(items.map((o) => o.pob_id));
  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('history.title')} fallback={paths.profile.href()} />
      {history.isPending ? <Loader /> : null}
      {history.isError ? (
        <p className="form__error" role="alert">
          {t('loadError')}
        </p>
      ) : null}
      {history.data && items.length === 0 ? (
        <p className="empty-state">{t('history.empty')}</p>
      ) : null}
      <ul className="history-list">
        {items.map((order) => (
          <li key={order.id} className="history-entry">
            <p className="history-entry__services">
              {order.items
                .flatMap((item) => [
                  titleOf(order.pob_id, item.service_id, item.service_info.title),
                  ...item.extra_services.map((e) => titleOf(order.pob_id, e.service_id, e.title)),
                ])
                .join(', ')}
            </p>
            <dl className="history-entry__facts">
              <div>
                <dt>{t('history.status')}</dt>
                <dd className={`history-entry__status history-entry__status--${order.status}`}>
                  {order.status in STATUS ? t(`history.statuses.${order.status}`) : order.status}
                </dd>
              </div>
              <div>
                <dt>{t('history.orderNumber')}</dt>
                <dd>{order.id}</dd>
              </div>
              <div>
                <dt>{t('history.date')}</dt>
                <dd>{formatDate(order.date, locale)}</dd>
              </div>
              <div>
                <dt>{t('history.total')}</dt>
                <dd>
                  {order.status === 'cancelled' || order.status === 'noShow'
                    ? t('history.nothingToPay')
                    : formatPrice(orderTotal(order), locale)}
                </dd>
              </div>
            </dl>
            <RejoinButton
              order={order}
              now={history.dataUpdatedAt}
              onRejoined={() => void navigate(paths.tracking.href())}
            />
          </li>
        ))}
      </ul>
    </main>
  );
}
