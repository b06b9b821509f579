// Hand-written SVG charts for the operator pages (no chart library: these few shapes cost about
// 1.2 kB gzipped, where uPlot costs about 20 kB and Chart.js about 65). Every chart is a
// figure with a caption, an SVG with role="img" and a one-sentence summary as its name, and the
// same numbers as a table below it (the text alternative: screen readers, and anyone who
// wants the figures).
import { useId, type ReactNode } from 'react';

const W = 640;
const H = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

export interface Series {
  label: string;
  values: (number | null)[];
  /** Drawn dashed (the second series). */
  dashed?: boolean;
}

function scale(max: number) {
  const top = max > 0 ? max : 1;
  return (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / top);
}

function Axis({ max, unit }: { max: number; unit: string }) {
  const y = scale(max);
  const ticks = [0, max / 2, max];
  return (
    <g aria-hidden="true">
      {ticks.map((t) => (
        <g key={t}>
          <line className="chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
          <text x={PAD.left - 4} y={y(t) + 4} textAnchor="end">
            {Number.isInteger(t) ? t : t.toFixed(1)}
            {unit}
          </text>
        </g>
      ))}
    </g>
  );
}

function XLabels({ labels, every }: { labels: string[]; every: number }) {
  const step = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  return (
    <g aria-hidden="true">
      {labels.map((l, i) =>
        i % every === 0 ? (
          <text key={i} x={PAD.left + step * (i + 0.5)} y={H - 8} textAnchor="middle">
            {l}
          </text>
        ) : null,
      )}
    </g>
  );
}

function DataTable({
  labels,
  series,
  caption,
}: {
  labels: string[];
  series: Series[];
  caption: string;
}) {
  return (
    <details>
      <summary>{caption}</summary>
      <div className="table-scroll">
        <table className="chart-table">
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((l, i) => (
              <tr key={i}>
                <th scope="row">{l}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? '–'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function Figure({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <figure className="card stack">
      <figcaption className="panel__title">{title}</figcaption>
      <p className="muted">{summary}</p>
      {children}
    </figure>
  );
}

/** Lines over labelled points (days, hours); nulls leave gaps. */
export function LineChart({
  labels,
  series,
  unit = '',
  summary,
  tableCaption,
  every = 1,
  max,
}: {
  labels: string[];
  series: Series[];
  unit?: string;
  summary: string;
  tableCaption: string;
  every?: number;
  max?: number;
}) {
  const id = useId();
  const top =
    max ?? Math.max(1, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const y = scale(top);
  const step = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  const x = (i: number) => PAD.left + step * (i + 0.5);
  return (
    <>
      <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={id}>
        <title id={id}>{summary}</title>
        <Axis max={top} unit={unit} />
        {series.map((s) => {
          const parts: string[] = [];
          let pen = false;
          s.values.forEach((v, i) => {
            if (v === null) {
              pen = false;
              return;
            }
            parts.push(`${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`);
            pen = true;
          });
          return (
            <path
              key={s.label}
              className={`chart__line${s.dashed ? ' chart__line--second' : ''}`}
              d={parts.join(' ')}
            />
          );
        })}
        <XLabels labels={labels} every={every} />
      </svg>
      <Legend series={series} />
      <DataTable labels={labels} series={series} caption={tableCaption} />
    </>
  );
}

/** Bars (the first series) with a line over them (the second, if any). */
export function BarChart({
  labels,
  series,
  unit = '',
  summary,
  tableCaption,
  every = 1,
}: {
  labels: string[];
  series: Series[];
  unit?: string;
  summary: string;
  tableCaption: string;
  every?: number;
}) {
  const id = useId();
  const [bars, line] = series;
  const top = Math.max(
    1,
    ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)),
  );
  const y = scale(top);
  const step = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  return (
    <>
      <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={id}>
        <title id={id}>{summary}</title>
        <Axis max={top} unit={unit} />
        {bars?.values.map((v, i) =>
          v === null ? null : (
            <rect
              key={i}
              className="chart__bar"
              x={PAD.left + step * i + step * 0.15}
              width={step * 0.7}
              y={y(v)}
              height={Math.max(0, y(0) - y(v))}
            />
          ),
        )}
        {line && (
          <path
            className="chart__line chart__line--second"
            d={line.values
              .map((v, i) =>
                v === null
                  ? ''
                  : `${i === 0 ? 'M' : 'L'}${(PAD.left + step * (i + 0.5)).toFixed(1)},${y(v).toFixed(1)}`,
              )
              .join(' ')}
          />
        )}
        <XLabels labels={labels} every={every} />
      </svg>
      <Legend series={series} />
      <DataTable labels={labels} series={series} caption={tableCaption} />
    </>
  );
}

function Legend({ series }: { series: Series[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="chart-legend" aria-hidden="true">
      {series.map((s, i) => (
        <li key={s.label} className={i === 0 ? 'chart-legend__first' : 'chart-legend__second'}>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** The darkest shade (per cent of the primary colour): dark text keeps AA contrast on it. */
const HEAT_MAX = 40;

/** A table whose cells are shaded by value: the numbers stay readable text. */
export function Heatmap({
  rows,
  columns,
  values,
  caption,
}: {
  rows: string[];
  columns: string[];
  values: number[][];
  caption: string;
}) {
  const max = Math.max(0.0001, ...values.flat());
  return (
    <div className="table-scroll">
      <table className="chart-table heatmap">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              {columns.map((c, j) => {
                const v = values[i]?.[j] ?? 0;
                return (
                  <td
                    key={c}
                    style={{
                      background: `color-mix(in srgb, var(--c-primary) ${Math.round((v / max) * HEAT_MAX)}%, transparent)`,
                    }}
                  >
                    {v > 0 ? v.toFixed(1) : ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
