// The order's receipt: services with their extras, price and duration.
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '@jono/contract';
import { Dialog } from '@jono/ui';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { useServiceTitles } from '../../shops/api/service-titles';

export function ReceiptOverlay({
  order,
  open,
  onClose,
}: {
  order: Order;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('tracking');
  const locale = useLocale();
  const titleOf = useServiceTitles([order.pob_id]);
  const total = order.items.reduce(
    (sum, item) =>
      sum + item.service_info.price + item.extra_services.reduce((s, x) => s + x.price, 0),
    0,
  );
  return (
    <Dialog open={open} onClose={onClose} title={t('receipt.title')} className="receipt">
      <ul className="receipt__items">
        {order.items.map((item) => (
          <li key={item.service_id} className="receipt__item">
            <div className="receipt__row">
              <span className="receipt__name">
                {titleOf(order.pob_id, item.service_id, item.service_info.title)}
              </span>
              <span>{formatPrice(item.service_info.price, locale)}</span>
            </div>
            <p className="receipt__duration">
              {t('receipt.duration', { count: item.service_info.duration })}
            </p>
            {item.extra_services.map((extra) => (
              <div key={extra.service_id} className="receipt__extra">
                <div className="receipt__row">
                  <span>{`+ ${titleOf(order.pob_id, extra.service_id, extra.title)}`}</span>
                  <span>{formatPrice(extra.price, locale)}</span>
                </div>
                <p className="receipt__duration">
                  {t('receipt.duration', { count: extra.duration })}
                </p>
              </div>
            ))}
          </li>
        ))}
      </ul>
      <div className="receipt__row receipt__total">
        <span>{t('receipt.total')}</span>
        <span>{formatPrice(total, locale)}</span>
      </div>
    </Dialog>
  );
}
