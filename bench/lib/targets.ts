// The targets of issues 7, 15 and 18 and whether each measured figure meets it.
import type { BenchResults } from './results';
import type { TargetRow, Verdict } from './verdicts';
import { accuracyTargetRows } from './report-accuracy';
import { scaleTargetRows } from './targets-scale';

export type { TargetRow, Verdict } from './verdicts';

/** A tenfold growth counts as linear up to this ratio (measurement noise on shared cores). */
export const LINEAR_RATIO = 12.5;
export const HOME_JS_BUDGET = 120_000;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const verdict = (ok: boolean): Verdict => (ok ? 'met' : 'missed');

export function targetRows(r: BenchResults): TargetRow[] {
  const rows: TargetRow[] = [];
  const none = (figure: string, target: string, why = '') =>
    rows.push({ figure, target, measured: why || '-', verdict: 'not measured' });

  rows.push(...scaleTargetRows(r));

  const home = r.web?.ok ? r.web.value.pages.find((p) => p.path === '/home') : undefined;
  if (!home) none('/home JavaScript, gzip', `<= ${kB(HOME_JS_BUDGET)}`);
  else
    rows.push({
      figure: '/home JavaScript, gzip',
      target: `<= ${kB(HOME_JS_BUDGET)}`,
      measured: kB(home.jsGzipBytes),
      verdict: verdict(home.jsGzipBytes <= HOME_JS_BUDGET),
    });

  const lh = r.lighthouse?.ok ? r.lighthouse.value : null;
  // Every first-visit route, >= 90 at the reference CPU (issue 29; bench/lighthouse.ts).
  for (const path of ['/', '/welcome', '/home', '/barbershop/1', '/tracking']) {
    const p = lh?.pages.find((x) => x.path === path);
    const why = lh?.note ?? (r.lighthouse && !r.lighthouse.ok ? r.lighthouse.error : '');
    if (!p || p.performance === null) none(`Lighthouse performance ${path}`, '>= 90', why);
    else
      rows.push({
        figure: `Lighthouse performance ${path} (benchmarkIndex ${p.benchmarkIndex ?? '-'}, CPU slowdown ${p.cpuSlowdownMultiplier ?? 4}x, TBT ${p.metrics.tbtMs === null || p.metrics.tbtMs === undefined ? '-' : Math.round(p.metrics.tbtMs)} ms)`,
        target: '>= 90',
        measured: String(p.performance),
        verdict: verdict(p.performance >= 90),
      });
    if (!p || p.accessibility === null) none(`Lighthouse accessibility ${path}`, '100', why);
    else
      rows.push({
        figure: `Lighthouse accessibility ${path}`,
        target: '100',
        measured: String(p.accessibility),
        verdict: verdict(p.accessibility >= 100),
      });
  }

  const inst = r.web?.ok ? r.web.value.installability : undefined;
  if (!inst || inst.installable === null) none('PWA installable (Chromium)', 'yes');
  else
    rows.push({
      figure: 'PWA installable (Chromium)',
      target: 'yes',
      measured: inst.installable ? 'yes' : `no (${inst.errors.join(', ')})`,
      verdict: verdict(inst.installable),
    });

  const engine = r.engine?.ok ? r.engine.value : null;
  for (const [key, label] of [
    ['queue', 'orders in one queue'],
    ['shops', 'shops'],
  ] as const) {
    const figure = `Estimate recomputation per tenfold ${label}`;
    const target = `linear (ratio <= ${LINEAR_RATIO})`;
    const ratios = engine?.[key].flatMap((p) => (p.ratio === null ? [] : [p.ratio])) ?? [];
    if (ratios.length === 0) none(figure, target);
    else
      rows.push({
        figure,
        target,
        measured: ratios.map((x) => `x${x}`).join(', '),
        verdict: verdict(ratios.every((x) => x <= LINEAR_RATIO)),
      });
  }

  rows.push(...accuracyTargetRows(r));
  return rows;
}
