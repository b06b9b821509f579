// The shop's barbers working today: on duty at a chair or off, who waits for each of them, and
// signing on at a chair or off (asks first: it tells the customers waiting for them).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffBarber, StaffQueue, StaffQueueBarber, StaffQueueOrder } from '@jono/contract';
import { ConfirmDialog, useToast } from '@jono/ui';
import { BarberAvatar } from '../../../components/ui/barber-avatar';
import { useErrorText } from '../../../components/ui/use-error-text';
import { formatClock } from '../../../lib/format';
import { useShopBarbers, useSignOff, useSignOn } from '../api/barbers';
import { chairChoices } from '../utils/board';

interface Props {
  queue: StaffQueue;
  barbers: readonly StaffQueueBarber[];
  waiting: readonly StaffQueueOrder[];
  busy: boolean;
}

export function BarbersPanel({ queue, barbers, waiting, busy }: Props) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const signOn = useSignOn();
  const signOff = useSignOff();
  const shopBarbers = useShopBarbers();
  // Barbers the board does not list: planned now but not signed on yet, or not planned today.
  const others = (shopBarbers.data?.items ?? []).filter(
    (barber) => !barber.on_duty && !barbers.some((listed) => listed.id === barber.id),
  );
  const [leaving, setLeaving] = useState<StaffQueueBarber | null>(null);
  const timeZone = queue.pob.time_zone;
  const clock = (iso: string) => formatClock(iso, i18n.language, timeZone);
  const free = waiting.filter((order) => order.barber_id == null);
  const nameOf = (id: number) =>
    waiting.find((order) => order.id === id)?.customer_name ?? t('board.unnamed');
  const pending = busy || signOn.isPending || signOff.isPending;

  const putOnDuty = (barber: { id: number; first_name: string }, chair: number | undefined) =>
    signOn.mutate(
      { barberId: barber.id, chair },
      {
        onSuccess: (answer) =>
          toast({
            message: t('board.barbers.signedOn', {
              name: barber.first_name,
              chair: answer.barber.chair ?? chair ?? '',
            }),
          }),
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );

  const leavingSeated = leaving
    ? queue.chairs.find((chair) => chair.chair === leaving.chair && chair.order_id !== null)
    : undefined;

  return (
    <section className="panel" aria-labelledby="barbers-title">
      <h2 id="barbers-title" className="panel__title">
        {t('board.barbers.title')}
      </h2>
      <p className="muted barbers__free">
        {free.length === 0
          ? t('board.barbers.noneFree')
          : t('board.barbers.free', {
              count: free.length,
              names: free.map((order) => order.customer_name ?? t('board.unnamed')).join(', '),
            })}
      </p>
      <ul className="list barbers" aria-labelledby="barbers-title">
        {barbers.map((barber) => (
          <li key={barber.id} className="barber-row" aria-label={barber.first_name}>
            <div className="barber-row__head">
              <BarberAvatar name={barber.first_name} photo={barber.photo} />
              <div className="barber-row__who">
                <strong dir="auto">{barber.first_name}</strong>
                <span className="muted">
                  {barber.on_duty && barber.chair !== null
                    ? barber.shift_ends_at
                      ? t('board.barbers.onDutyUntil', {
                          chair: barber.chair,
                          time: clock(barber.shift_ends_at),
                        })
                      : t('board.barbers.onDuty', { chair: barber.chair })
                    : barber.due_since
                      ? t('board.barbers.due', { time: clock(barber.due_since) })
                      : barber.next_shift_at
                        ? t('board.barbers.offDutyNext', { time: clock(barber.next_shift_at) })
                        : t('board.barbers.offDuty')}
                </span>
              </div>
              {barber.on_duty ? (
                <button
                  type="button"
                  className="button button--small"
                  disabled={pending}
                  onClick={() => setLeaving(barber)}
                >
                  {t('board.barbers.signOff')}
                  <span className="visually-hidden"> {barber.first_name}</span>
                </button>
              ) : (
                <SignOn
                  barber={barber}
                  chairs={chairChoices(queue, barbers)}
                  disabled={pending}
                  onSignOn={(chair) => putOnDuty(barber, chair)}
                />
              )}
            </div>
            <p className="barber-row__waiting">
              {barber.waiting_order_ids.length === 0
                ? t('board.barbers.nobodyWaiting')
                : t('board.barbers.waiting', {
                    count: barber.waiting_order_ids.length,
                    names: barber.waiting_order_ids.map(nameOf).join(', '),
                  })}
            </p>
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <OtherSignOn
          others={others}
          chairs={chairChoices(queue, barbers)}
          disabled={pending}
          onSignOn={putOnDuty}
        />
      ) : null}
      <ConfirmDialog
        open={leaving !== null}
        title={t('board.barbers.signOffTitle', { name: leaving?.first_name ?? '' })}
        description={
          [
            leavingSeated
              ? t('board.barbers.signOffSeated', {
                  name: leavingSeated.customer_name ?? t('board.unnamed'),
                })
              : '',
            leaving && leaving.waiting_order_ids.length > 0
              ? t('board.barbers.signOffWaiting', {
                  count: leaving.waiting_order_ids.length,
                  name: leaving.first_name,
                })
              : '',
          ]
            .filter(Boolean)
            .join(' ') || t('board.barbers.signOffPlain', { name: leaving?.first_name ?? '' })
        }
        cancelLabel={t('common.cancel')}
        confirmLabel={t('board.barbers.signOff')}
        busy={signOff.isPending}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          if (!leaving) return;
          const name = leaving.first_name;
          setLeaving(null);
          signOff.mutate(leaving.id, {
            onSuccess: (answer) =>
              toast({
                message:
                  answer.told_orders + answer.released_orders > 0
                    ? t('board.barbers.signedOffTold', {
                        name,
                        count: answer.told_orders + answer.released_orders,
                      })
                    : t('board.barbers.signedOff', { name }),
              }),
            onError: (error) => toast({ message: errorText(error), tone: 'error' }),
          });
        }}
      />
    </section>
  );
}

function SignOn({
  barber,
  chairs,
  disabled,
  onSignOn,
}: {
  barber: StaffQueueBarber;
  chairs: number[];
  disabled: boolean;
  onSignOn: (chair: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [chair, setChair] = useState('');
  return (
    <div className="barber-row__sign-on">
      <select
        aria-label={t('board.barbers.chairFor', { name: barber.first_name })}
        value={chair}
        disabled={disabled}
        onChange={(event) => setChair(event.target.value)}
      >
        <option value="">{t('board.barbers.anyChair')}</option>
        {chairs.map((number) => (
          <option key={number} value={number}>
            {t('board.chair', { chair: number })}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--small button--primary"
        disabled={disabled}
        onClick={() => onSignOn(chair ? Number(chair) : undefined)}
      >
        {t('board.barbers.signOn')}
        <span className="visually-hidden"> {barber.first_name}</span>
      </button>
    </div>
  );
}

/** Signs on a barber the board does not list (they came in unplanned, or before signing in). */
function OtherSignOn({
  others,
  chairs,
  disabled,
  onSignOn,
}: {
  others: readonly StaffBarber[];
  chairs: number[];
  disabled: boolean;
  onSignOn: (barber: StaffBarber, chair: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  const [chair, setChair] = useState('');
  const barber = others.find((b) => String(b.id) === chosen);
  return (
    <div className="barber-row barber-row--other" role="group" aria-labelledby="other-barber">
      <span id="other-barber" className="muted">
        {t('board.barbers.other')}
      </span>
      <div className="barber-row__sign-on">
        <select
          aria-label={t('board.barbers.otherBarber')}
          value={chosen}
          disabled={disabled}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{t('board.barbers.chooseBarber')}</option>
          {others.map((b) => (
            <option key={b.id} value={b.id}>
              {b.first_name}
            </option>
          ))}
        </select>
        <select
          aria-label={t('board.barbers.otherChair')}
          value={chair}
          disabled={disabled}
          onChange={(event) => setChair(event.target.value)}
        >
          <option value="">{t('board.barbers.anyChair')}</option>
          {chairs.map((number) => (
            <option key={number} value={number}>
              {t('board.chair', { chair: number })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small button--primary"
          disabled={disabled || !barber}
          onClick={() => {
            if (!barber) return;
            onSignOn(barber, chair ? Number(chair) : undefined);
            setChosen('');
            setChair('');
          }}
        >
          {t('board.barbers.signOn')}
        </button>
      </div>
    </div>
  );
}
