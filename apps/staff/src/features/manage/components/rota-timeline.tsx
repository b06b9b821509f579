// Today's rota drawn as a timeline: one row per barber, the hours across, shifts as bars and
// breaks as gaps, and a line at the shop's current time. Hand-written CSS; the same rota as text
// follows it for screen readers and anyone who prefers reading.
import { useTranslation } from 'react-i18next';
import { fromMinutes } from '../utils/rota';

export interface TimelineRow {
  id: number;
  name: string;
  onDuty: boolean;
  /** Minutes of the day. */
  shifts: readonly { from: number; to: number }[];
  breaks: readonly { from: number; to: number }[];
}

interface Props {
  rows: readonly TimelineRow[];
  /** The hours drawn, minutes of the day (opening to closing, or the whole day). */
  from: number;
  to: number;
  /** The shop's time now, minutes of the day; drawn when inside the range. */
  now: number | null;
}

export function RotaTimeline({ rows, from, to, now }: Props) {
  const { t } = useTranslation();
  const span = Math.max(60, to - from);
  const left = (minutes: number) => `${((Math.max(from, minutes) - from) / span) * 100}%`;
  const width = (a: number, b: number) =>
    `${((Math.min(to, b) - Math.max(from, a)) / span) * 100}%`;
  const firstHour = Math.ceil(from / 60);
  const hours = Array.from(
    { length: Math.max(0, Math.floor(to / 60) - firstHour + 1) },
    (_, index) => firstHour + index,
  );
  // Hour labels stay legible on a phone: every 4th hour over a long day, every 2nd over a usual one.
  const step = hours.length > 16 ? 4 : hours.length > 8 ? 2 : 1;

  return (
    <figure className="timeline">
      <div className="timeline__grid" aria-hidden="true">
        <div className="timeline__row timeline__row--hours">
          <span className="timeline__name" />
          <div className="timeline__track">
            {hours
              .filter((hour) => hour % step === 0)
              .map((hour) => (
                <span key={hour} className="timeline__hour" style={{ left: left(hour * 60) }}>
                  {String(hour).padStart(2, '0')}
                </span>
              ))}
          </div>
        </div>
        {rows.map((row) => (
          <div key={row.id} className="timeline__row">
            <span className="timeline__name" title={row.name}>
              <span className={row.onDuty ? 'dot dot--on' : 'dot'} />
              {row.name}
            </span>
            <div className="timeline__track">
              {hours.map((hour) => (
                <span key={hour} className="timeline__tick" style={{ left: left(hour * 60) }} />
              ))}
              {row.shifts
                .filter((shift) => shift.to > from && shift.from < to)
                .map((shift) => (
                  <span
                    key={`s${shift.from}`}
                    className="timeline__shift"
                    style={{ left: left(shift.from), width: width(shift.from, shift.to) }}
                  />
                ))}
              {row.breaks
                .filter((pause) => pause.to > from && pause.from < to)
                .map((pause) => (
                  <span
                    key={`b${pause.from}`}
                    className="timeline__break"
                    style={{ left: left(pause.from), width: width(pause.from, pause.to) }}
                  />
                ))}
              {now !== null && now >= from && now <= to ? (
                <span className="timeline__now" style={{ left: left(now) }} />
              ) : null}
            </div>
          </div>
        ))}
      </div>
      <figcaption className="timeline__legend">
        <span className="legend legend--shift">{t('manage.rota.legendShift')}</span>
        <span className="legend legend--break">{t('manage.rota.legendBreak')}</span>
        {now !== null ? (
          <span className="legend legend--now">
            {t('manage.rota.legendNow', { time: fromMinutes(now) })}
          </span>
        ) : null}
      </figcaption>
      <details className="details">
        <summary>{t('manage.rota.asText')}</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('manage.barbers.firstName')}</th>
              <th scope="col">{t('manage.rota.now')}</th>
              <th scope="col">{t('manage.rota.shifts')}</th>
              <th scope="col">{t('manage.rota.breaks')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.onDuty ? t('manage.rota.onDutyNow') : t('manage.rota.offDutyNow')}</td>
                <td>
                  {row.shifts.length ? row.shifts.map(range).join(', ') : t('manage.rota.none')}
                </td>
                <td>
                  {row.breaks.length ? row.breaks.map(range).join(', ') : t('manage.rota.none')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function range(interval: { from: number; to: number }): string {
  return `${fromMinutes(interval.from)}–${fromMinutes(interval.to)}`;
}
