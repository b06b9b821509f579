// The wait as a small timeline: now, when to leave (for a customer who shared their travel time),
// and the likely window of the turn ("likely between 14:20 and 14:40"), the median marked.
import type { Order } from '@jono/contract';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { useTranslation } from '../../../lib/use-translation';

const MINUTE = 60_000;

export function WaitTimeline({ order, now }: { order: Order; now: number }) {
  const { t } = useTranslation('tracking');
  const locale = useLocale();
  const wait = order.service_time_estimate.wait_time;
  const range = order.service_time_estimate.wait_range;
  if (wait === null || wait === 0) return null;
  const low = range && range.low < range.high ? range.low : wait;
  const high = range && range.low < range.high ? range.high : wait;
  const at = (minutes: number) => formatTimeOfDay(new Date(now + minutes * MINUTE), locale);
  const leave = order.presence?.leave_at ? Date.parse(order.presence.leave_at) : null;
  const leaveMinutes = leave === null ? null : Math.max(0, (leave - now) / MINUTE);
  // The axis runs from now to a little past the late end.
  const end = Math.max(high, wait, 1) * 1.1;
  const pos = (minutes: number) => `${Math.min(100, (minutes / end) * 100).toFixed(1)}%`;
  const words =
    low < high
      ? t('timeline.between', { from: at(low), to: at(high) })
      : t('timeline.around', { time: at(wait) });
  return (
    <figure className="timeline">
      <div className="timeline__track" aria-hidden="true">
        {low < high ? (
          <span
            className="timeline__window"
            style={{ insetInlineStart: pos(low), width: `calc(${pos(high)} - ${pos(low)})` }}
          />
        ) : null}
        <span className="timeline__mark timeline__mark--now" style={{ insetInlineStart: '0%' }} />
        <span
          className="timeline__mark timeline__mark--turn"
          style={{ insetInlineStart: pos(wait) }}
        />
        {leaveMinutes !== null ? (
          <span
            className="timeline__mark timeline__mark--leave"
            style={{ insetInlineStart: pos(leaveMinutes) }}
          />
        ) : null}
      </div>
      <div className="timeline__labels" aria-hidden="true">
        <span>{t('timeline.now')}</span>
        {leave !== null ? (
          <span className="timeline__leave">
            {t('timeline.leaveBy', { time: formatTimeOfDay(new Date(leave), locale) })}
          </span>
        ) : null}
        <span>{at(high)}</span>
      </div>
      <figcaption className="timeline__caption">{words}</figcaption>
    </figure>
  );
}
