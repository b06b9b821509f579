// The shop's switches: the online queue (open, full, closed for the day) and chairs on duty (in a
// shop with named barbers, the barbers on duty: − and + sign them off and on).
import { useTranslation } from 'react-i18next';
import type { QueueState, StaffQueue } from '@jono/contract';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useUpdateShop } from '../api/update-shop';
import { IconMinus, IconPlus } from '@jono/ui';

const STATES: readonly QueueState[] = ['open', 'full', 'closed'];

interface Props {
  pob: StaffQueue['pob'];
  /**
   * A shop with named barbers: how many work today. Its chairs on duty are its barbers on duty:
   * − and + sign them off and on, never more than there are.
   */
  barbers?: number;
}

export function ShopControls({ pob, barbers }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateShop();

  const setState = (next: QueueState) => {
    if (next === pob.staff_queue_state) return;
    const previous = pob.staff_queue_state;
    update.mutate(
      { queue_state: next },
      {
        onSuccess: () =>
          toast({
            message: t(`board.queueStateDone.${next}`),
            action: {
              label: t('common.undo'),
              run: () => update.mutate({ queue_state: previous }),
            },
          }),
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );
  };

  const setChairs = (chairs: number) =>
    update.mutate(
      { chairs },
      { onError: (error) => toast({ message: errorText(error), tone: 'error' }) },
    );

  return (
    <div className="controls">
      <div
        className="segmented"
        role="group"
        aria-label={t('board.onlineQueue')}
        aria-describedby="queue-state-note"
      >
        <span className="segmented__label" aria-hidden="true">
          {t('board.onlineQueue')}
        </span>
        {STATES.map((state) => (
          <button
            key={state}
            type="button"
            className={`segmented__item segmented__item--${state}`}
            aria-pressed={pob.staff_queue_state === state}
            disabled={update.isPending}
            onClick={() => setState(state)}
          >
            {t(`board.queueState.${state}`)}
          </button>
        ))}
      </div>
      <p id="queue-state-note" className="visually-hidden">
        {t(`board.customersSee.${pob.queue_state}`)}
      </p>
      <div className="stepper" role="group" aria-label={t('board.chairsOnDuty')}>
        <span className="stepper__label" aria-hidden="true">
          {t('board.chairsOnDuty')}
        </span>
        <button
          type="button"
          className="button button--icon"
          aria-label={t('board.chairsLess')}
          disabled={pob.chairs <= 0 || update.isPending}
          onClick={() => setChairs(pob.chairs - 1)}
        >
          <IconMinus />
        </button>
        <output className="stepper__value" aria-live="polite">
          {pob.chairs}
        </output>
        <button
          type="button"
          className="button button--icon"
          aria-label={t('board.chairsMore')}
          disabled={pob.chairs >= (barbers ?? 50) || update.isPending}
          onClick={() => setChairs(pob.chairs + 1)}
        >
          <IconPlus />
        </button>
        {barbers !== undefined ? (
          <span className="muted">({t('board.chairsFollowBarbers')})</span>
        ) : null}
      </div>
    </div>
  );
}
