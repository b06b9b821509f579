// The queue wait in minutes with its colour class (thresholds 0, 5, 15, 30, 60 minutes).
import { useTranslation } from '../../lib/use-translation';
import { timerLevel } from '../../lib/queue';

interface QueueTimerProps {
  minutes: number | null;
  size?: 'small' | 'large';
  /** Tapping refreshes (tracking). */
  onRefresh?: () => void;
  refreshing?: boolean;
  tone?: 'success' | 'failure';
}

export function QueueTimer({
  minutes,
  size = 'small',
  onRefresh,
  refreshing,
  tone,
}: QueueTimerProps) {
  const { t } = useTranslation();
  const level = timerLevel(minutes);
  const value = minutes === null ? '–' : String(minutes);
  const label = minutes === null ? t('queue.unknown') : t('queue.minutesLabel', { count: minutes });
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
