// A week of waits as paired bars, shown (estimate) beside actual, drawn by hand in SVG. The same
// numbers are in a table below it for screen readers and for whoever prefers to read.
import { useTranslation } from 'react-i18next';
import { axisMax, type ChartDay } from '../utils/chart';

const W = 640;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 40, left: 40 };

export function WaitChart({ days, locale }: { days: ChartDay[]; locale: string }) {
  const { t } = useTranslation();
  const top = axisMax(days.flatMap((day) => [day.actual, day.shown]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const bar = Math.min(22, slot / 3);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const ticks = [0, top / 2, top];
  const weekday = (date: string) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="wait-chart-title"
        className="chart__svg"
      >
        <title id="wait-chart-title">{t('summary.chartTitle')}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="chart__grid"
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="chart__tick">
              {Math.round(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PAD.left + slot * index + slot / 2;
          return (
            <g key={day.date}>
              {day.shown !== null && (
                <rect
                  x={x - bar - 1}
                  y={y(day.shown)}
                  width={bar}
                  height={Math.max(0, PAD.top + plotH - y(day.shown))}
                  className="chart__shown"
                />
              )}
              {day.actual !== null && (
                <rect
                  x={x + 1}
                  y={y(day.actual)}
                  width={bar}
                  height={Math.max(0, PAD.top + plotH - y(day.actual))}
                  className="chart__actual"
                />
              )}
              <text x={x} y={H - PAD.bottom + 16} textAnchor="middle" className="chart__tick">
                {weekday(day.date)}
              </text>
              <text x={x} y={H - PAD.bottom + 32} textAnchor="middle" className="chart__served">
                {day.served}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__legend">
        <span className="legend legend--shown">{t('summary.shown')}</span>
        <span className="legend legend--actual">{t('summary.actual')}</span>
        <span className="muted">{t('summary.axisNote')}</span>
      </figcaption>
    </figure>
  );
}
