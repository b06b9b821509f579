// The queue wait in minutes with its colour class (thresholds 0, 5, 15, 30, 60 minutes), and,
// where a wait is shown in full (shop page, tracking), its 80 % range: "25 min (20–35)".
import type { WaitRange } from '@jono/contract';
import { useTranslation } from '../../lib/use-translation';
import { timerLevel } from '../../lib/queue';

interface QueueTimerProps {
  minutes: number | null;
  /** The 80 % interval of the wait; shown when it is wider than the median itself. */
  range?: WaitRange | null;
  size?: 'small' | 'large';
  /** Tapping refreshes (tracking). */
  onRefresh?: () => void;
  refreshing?: boolean;
  tone?: 'success' | 'failure';
}

export function QueueTimer({
  minutes,
  range,
  size = 'small',
  onRefresh,
  refreshing,
  tone,
}: QueueTimerProps) {
  const { t } = useTranslation();
  const level = timerLevel(minutes);
  const value = minutes === null ? '–' : String(minutes);
  const spread = minutes !== null && range && range.low < range.high ? range : null;
  const label =
    minutes === null
      ? t('queue.unknown')
      : spread
        ? t('queue.rangeLabel', { count: minutes, low: spread.low, high: spread.high })
        : t('queue.minutesLabel', { count: minutes });
  const className = [
    'queue-timer',
    `queue-timer--${size}`,
    `queue-timer--level-${level}`,
    tone ? `queue-timer--${tone}` : '',
    refreshing ? 'queue-timer--refreshing' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <span className="queue-timer__value" aria-hidden="true">
        {value}
      </span>
      <span className="queue-timer__unit" aria-hidden="true">
        {t('queue.min')}
      </span>
      {spread ? (
        <span className="queue-timer__range" aria-hidden="true">
          ({t('queue.range', { low: spread.low, high: spread.high })})
        </span>
      ) : null}
      <span className="visually-hidden">{label}</span>
    </>
  );
  if (onRefresh) {
    return (
      <button
        type="button"
        className={className}
        onClick={onRefresh}
        aria-label={`${label}. ${t('queue.tapToRefresh')}`}
        aria-busy={refreshing}
      >
        {content}
      </button>
    );
  }
  return <span className={className}>{content}</span>;
}
