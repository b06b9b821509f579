// Changing the order's barber from tracking (issue 30): the same choices as the shop page, each
// with its wait, how many changes are left, and that the place is kept; a refusal is said in the
// customer's words inside the dialog.
import { useState } from 'react';
import { MARKET_INFO, type Order, type Pob } from '@jono/contract';
import { Button, Dialog } from '@jono/ui';
import { BarberPicker } from '../../../components/ui/barber-picker';
import { barberErrorKey, currentChoice } from '../../../lib/barbers';
import { useMarket } from '../../../lib/locale-store';
import { notify } from '../../../lib/notification-store';
import { useTranslation } from '../../../lib/use-translation';
import { useShopEvents } from '../../shops/api/use-shop-events';
import { useUpdateOrder } from '../api/update-order';

interface BarberChangeDialogProps {
  open: boolean;
  onClose: () => void;
  order: Order;
  shop: Pick<Pob, 'barbers' | 'service_time_estimates'>;
  priority: number | null;
}

export function BarberChangeDialog({
  open,
  onClose,
  order,
  shop,
  priority,
}: BarberChangeDialogProps) {
  const { t } = useTranslation('barbers');
  const timeZone = MARKET_INFO[useMarket()].timeZone;
  const current = order.barber?.id ?? null;
  const [choice, setChoice] = useState<number | null>(current);
  const [wasOpen, setWasOpen] = useState(open);
  const change = useUpdateOrder(order.id);
  // While choosing, the waits follow the shop's live events.
  useShopEvents(open ? order.pob_id : null);
  // Each opening starts from the barber the order has now (saved here, or changed by the shop).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChoice(current);
  }
  const left = order.barber_changes_left ?? 0;
  const close = () => {
    change.reset();
    onClose();
  };
  // A barber no longer listed for today cannot be saved; the picker then shows first available.
  const shown = choice === current ? choice : currentChoice(shop.barbers, choice);
  const save = () =>
    change.mutate(
      { barber_id: shown },
      {
        onSuccess: () => {
          const name = shop.barbers.find((b) => b.id === shown)?.first_name;
          notify({
            title: name ? t('tracking.changedTo', { name }) : t('tracking.changedToFirst'),
            tone: 'info',
          });
          close();
        },
      },
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('tracking.dialogTitle')}
      className="barber-dialog"
      description={
        <>
          <p>{t('tracking.keepsPlace')}</p>
          <p className="barber-dialog__note">{t('tracking.changesLeft', { count: left })}</p>
        </>
      }
    >
      <BarberPicker
        barbers={shop.barbers}
        shopEstimates={shop.service_time_estimates}
        priority={priority}
        value={shown}
        onChange={(id) => {
          change.reset();
          setChoice(id);
        }}
        timeZone={timeZone}
        disabled={change.isPending}
        hideTitle
      />
      {change.isError ? (
        <div className="notice notice--warning" role="alert">
          <p className="notice__title">{t('errors.title')}</p>
          <p>{t(barberErrorKey(change.error))}</p>
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button onClick={close}>{t('tracking.cancel')}</Button>
        <Button
          variant="primary"
          onClick={save}
          busy={change.isPending}
          disabled={shown === current}
        >
          {change.isPending ? t('tracking.saving') : t('tracking.save')}
        </Button>
      </div>
    </Dialog>
  );
}
