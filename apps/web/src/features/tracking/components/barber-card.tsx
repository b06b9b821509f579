// Tracking's barber (issue 30): who the customer waits for (or the first available) and changing
// it; a chosen barber who goes off duty before the turn is said at once, with the two ways on
// (first available keeping the place, or waiting for the barber's next shift); and when the
// server moved the order to the first available (no shift left, or the barber removed), that.
import { useState } from 'react';
import { MARKET_INFO, type Order, type Pob } from '@jono/contract';
import { Button, IconUsers } from '@jono/ui';
import { BarberAvatar } from '../../../components/ui/barber-avatar';
import { releasedNoticeKey, useSeenNotices, waitNoticeKey } from '../../../lib/barber-notices';
import { barberErrorKey } from '../../../lib/barbers';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale, useMarket } from '../../../lib/locale-store';
import { notify } from '../../../lib/notification-store';
import { useTranslation } from '../../../lib/use-translation';
import { useUpdateOrder } from '../api/update-order';
import { BarberChangeDialog } from './barber-change-dialog';

interface BarberCardProps {
  order: Order;
  shop: Pick<Pob, 'barbers' | 'service_time_estimates'> | undefined;
  priority: number | null;
}

export function BarberCard({ order, shop, priority }: BarberCardProps) {
  const { t } = useTranslation('barbers');
  const locale = useLocale();
  const timeZone = MARKET_INFO[useMarket()].timeZone;
  const [open, setOpen] = useState(false);
  const toFirst = useUpdateOrder(order.id);
  const seen = useSeenNotices();
  const waiting = order.status === 'active' && !order.in_service;
  const barber = order.barber ?? null;
  const barbers = shop?.barbers ?? [];
  const released = order.barber_released ?? null;
  // Older servers, and shops without named barbers, have nothing to show here (unless the last
  // named barber was just removed: the customer is told where they stand).
  if (
    !waiting ||
    order.barber === undefined ||
    (barber === null && barbers.length === 0 && released === null)
  ) {
    return null;
  }

  const left = order.barber_changes_left ?? 0;
  const releasedKey = released ? releasedNoticeKey(order.id, released.at) : null;
  // Planned now but not signed in yet: expected any moment, nothing to decide.
  const dueSince = (barber && !barber.on_duty && barber.due_since) || null;
  const offDuty = barber !== null && !barber.on_duty && dueSince === null;
  const backAt = barber?.next_shift_at ?? null;
  const time = backAt ? formatTimeOfDay(backAt, locale, timeZone) : '';
  const waitKey = barber && backAt ? waitNoticeKey(order.id, barber.id, backAt) : null;
  const chosenToWait = waitKey !== null && seen.has(waitKey);

  const takeFirst = () =>
    toFirst.mutate(
      { barber_id: null },
      { onSuccess: () => notify({ title: t('tracking.changedToFirst'), tone: 'info' }) },
    );

  return (
    <>
      <section className="card tracking__barber" aria-labelledby={`barber-${order.id}`}>
        <div className="tracking__barber-row">
          {barber ? (
            <BarberAvatar name={barber.first_name} photo={barber.photo} />
          ) : (
            <span className="barber-avatar barber-avatar--any" aria-hidden="true">
              <IconUsers />
            </span>
          )}
          <p className="tracking__barber-who">
            <span id={`barber-${order.id}`} className="tracking__barber-label">
              {t('tracking.title')}
            </span>
            <span className="tracking__barber-name">
              {barber ? barber.first_name : t('picker.firstAvailable')}
            </span>
          </p>
          {shop && barbers.length > 0 && left > 0 ? (
            <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
              {t('tracking.change')}
            </Button>
          ) : null}
        </div>
        {left === 0 && barbers.length > 0 ? (
          <p className="tracking__hint">{t('tracking.noChangesLeft')}</p>
        ) : null}

        {released && releasedKey && !seen.has(releasedKey) ? (
          <div className="notice notice--warning" role="alert">
            <p className="notice__title">
              {t(released.reason === 'removed' ? 'released.removed' : 'released.title', {
                name: released.first_name,
              })}
            </p>
            <p>{t('released.text')}</p>
            <Button onClick={() => seen.add(releasedKey)}>{t('released.ok')}</Button>
          </div>
        ) : null}

        {barber && dueSince ? (
          <div className="notice" role="status">
            <p>
              {t('offDuty.due', {
                name: barber.first_name,
                time: formatTimeOfDay(dueSince, locale, timeZone),
              })}
            </p>
            <div className="tracking__barber-actions">
              <Button onClick={takeFirst} busy={toFirst.isPending}>
                {t('offDuty.firstAvailable')}
              </Button>
            </div>
          </div>
        ) : null}
        {offDuty && barber && chosenToWait ? (
          <div className="notice" role="status">
            <p>{t('offDuty.waiting', { name: barber.first_name, time })}</p>
            {/* Taking the first available while the barber is away costs no change. */}
            <div className="tracking__barber-actions">
              <Button onClick={takeFirst} busy={toFirst.isPending}>
                {t('offDuty.firstAvailable')}
              </Button>
            </div>
          </div>
        ) : null}
        {offDuty && barber && !chosenToWait ? (
          <div className="notice notice--warning" role="alert">
            <p className="notice__title">{t('offDuty.title', { name: barber.first_name })}</p>
            {backAt ? <p>{t('offDuty.later', { name: barber.first_name, time })}</p> : null}
            <div className="tracking__barber-actions">
              <Button variant="primary" onClick={takeFirst} busy={toFirst.isPending}>
                {t('offDuty.firstAvailable')}
              </Button>
              {waitKey ? (
                <Button onClick={() => seen.add(waitKey)} disabled={toFirst.isPending}>
                  {t('offDuty.wait', { name: barber.first_name, time })}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
        {toFirst.isError ? (
          <div className="notice notice--warning" role="alert">
            <p className="notice__title">{t('errors.title')}</p>
            <p>{t(barberErrorKey(toFirst.error))}</p>
          </div>
        ) : null}
      </section>
      {shop ? (
        <BarberChangeDialog
          open={open}
          onClose={() => setOpen(false)}
          order={order}
          shop={shop}
          priority={priority}
        />
      ) : null}
    </>
  );
}
