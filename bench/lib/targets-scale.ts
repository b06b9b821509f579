// The targets of issue 18 (scale): live-update fan-out, reconnect storm, join latency, reads
// against node:http and nginx, idle memory and time to healthy.
import type { BenchResults } from './results';
import type { TargetRow, Verdict } from './verdicts';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const verdict = (ok: boolean): Verdict => (ok ? 'met' : 'missed');
const BACKENDS = ['PostgreSQL', 'PGlite'] as const;
/** MiB to MB (the targets are in MB). */
export const mb = (mib: number) => Math.round(mib * 1.048576);

export const TARGETS = {
  fanoutStreams: 10_000,
  fanoutP99Ms: 500,
  healthzMs: 100,
  stormP100Ms: 5000,
  pgJoinP99Ms: { 100: 200, 300: 600 } as Record<number, number>,
  pgliteJoinP99Ms: 1000,
  gzipVsBare: 0.85,
  gzipVsNginx: 0.55,
  idleMb: { PGlite: 400, PostgreSQL: 150 },
  healthySeconds: 2,
};

export function scaleTargetRows(r: BenchResults): TargetRow[] {
  const rows: TargetRow[] = [];
  const none = (figure: string, target: string, why = '') =>
    rows.push({ figure, target, measured: why || '-', verdict: 'not measured' });
  const failure = (o: { ok: boolean; error?: string } | undefined) =>
    !o ? 'not run' : o.ok ? '' : (o.error ?? 'failed');

  // Fan-out: one change to 10,000 order streams, /healthz meanwhile, the reconnect storm.
  const fan = r.fanout?.ok ? r.fanout.value : null;
  for (const backend of BACKENDS) {
    const b = fan?.backends.find((x) => x.backend === backend);
    const p = b?.points.find((x) => x.kind === 'order' && x.streams === TARGETS.fanoutStreams);
    const why = b?.note ?? failure(r.fanout);
    const reach = `One change to 99 % of 10,000 order streams (${backend})`;
    const health = `Longest /healthz wait meanwhile (${backend})`;
    if (!p) {
      none(reach, `<= ${TARGETS.fanoutP99Ms} ms`, why);
      none(health, `<= ${TARGETS.healthzMs} ms`, why);
    } else {
      rows.push({
        figure: reach,
        target: `<= ${TARGETS.fanoutP99Ms} ms`,
        measured: p.p99Ms === null ? `not reached (${p.missing} missing)` : `${p.p99Ms} ms`,
        verdict: verdict(p.p99Ms !== null && p.p99Ms <= TARGETS.fanoutP99Ms),
      });
      rows.push({
        figure: health,
        target: `<= ${TARGETS.healthzMs} ms`,
        measured: `${p.healthzMaxMs} ms`,
        verdict: verdict(p.healthzMaxMs <= TARGETS.healthzMs),
      });
    }
    const storm = b?.storms.find((x) => x.mode === 'app back-off');
    const stormFigure = `10,000 reconnecting clients: last first message (${backend})`;
    if (!storm || storm.clients !== TARGETS.fanoutStreams) none(stormFigure, '<= 5 s', why);
    else
      rows.push({
        figure: stormFigure,
        target: '<= 5 s',
        measured:
          storm.p100Ms === null
            ? `${storm.failed} of ${storm.clients} failed`
            : `${(storm.p100Ms / 1000).toFixed(2)} s`,
        verdict: verdict(storm.p100Ms !== null && storm.p100Ms <= TARGETS.stormP100Ms),
      });
  }

  // Join latency (warm; PGlite also cold for timeouts).
  const joins = r.joins?.ok ? r.joins.value : null;
  const pg = joins?.backends.find((b) => b.backend === 'PostgreSQL');
  for (const size of [100, 300]) {
    const target = TARGETS.pgJoinP99Ms[size] ?? 0;
    const figure = `PostgreSQL, ${size} customers: p99 join (warm)`;
    const point = pg?.points.find((p) => p.customers === size);
    const p99 = point?.warm.joinP99Ms;
    if (p99 === undefined || p99 === null)
      none(figure, `<= ${target} ms`, pg?.note ?? failure(r.joins));
    else
      rows.push({
        figure,
        target: `<= ${target} ms`,
        measured: `${p99} ms`,
        verdict: verdict(p99 <= target),
      });
  }
  const lite = joins?.backends
    .find((b) => b.backend === 'PGlite')
    ?.points.find((p) => p.customers === 100);
  if (!lite) {
    none('PGlite, 100 customers: timeouts, cold and warm', '0', failure(r.joins));
    none(
      'PGlite, 100 customers: p99 join, cold and warm',
      `<= ${TARGETS.pgliteJoinP99Ms} ms`,
      failure(r.joins),
    );
  } else {
    const timeouts = (lite.cold.figures?.timeouts ?? 0) + (lite.warm.figures?.timeouts ?? 0);
    rows.push({
      figure: 'PGlite, 100 customers: timeouts, cold and warm',
      target: '0',
      measured: `${lite.cold.figures?.timeouts ?? '-'} cold, ${lite.warm.figures?.timeouts ?? '-'} warm`,
      verdict: verdict(timeouts === 0),
    });
    const worst = Math.max(lite.cold.joinP99Ms ?? Infinity, lite.warm.joinP99Ms ?? Infinity);
    rows.push({
      figure: 'PGlite, 100 customers: p99 join, cold and warm',
      target: `<= ${TARGETS.pgliteJoinP99Ms} ms`,
      measured: `${lite.cold.joinP99Ms ?? '-'} ms cold, ${lite.warm.joinP99Ms ?? '-'} ms warm`,
      verdict: verdict(worst <= TARGETS.pgliteJoinP99Ms),
    });
  }

  // Reads: the shop list with gzip against node:http and nginx, same run.
  const reads = r.reads?.ok ? r.reads.value : null;
  for (const backend of BACKENDS) {
    const b = reads?.backends.find((x) => x.backend === backend);
    const set = b?.sets.find((s) => s.path.endsWith('/pobs/') && s.encoding === 'gzip');
    const why = b?.note ?? failure(r.reads);
    const bare = `Shop list, gzip: Jono / node:http (${backend})`;
    const nginx = `Shop list, gzip: Jono / nginx gzip_static (${backend})`;
    if (!set || set.vsBare === null) none(bare, `>= ${pct(TARGETS.gzipVsBare)}`, why);
    else
      rows.push({
        figure: bare,
        target: `>= ${pct(TARGETS.gzipVsBare)}`,
        measured: pct(set.vsBare) + (set.jonoEncoding === 'gzip' ? '' : ' (Jono sent no gzip)'),
        verdict: verdict(set.vsBare >= TARGETS.gzipVsBare && set.jonoEncoding === 'gzip'),
      });
    if (!set || set.vsNginx === null) none(nginx, `>= ${pct(TARGETS.gzipVsNginx)}`, why);
    else
      rows.push({
        figure: nginx,
        target: `>= ${pct(TARGETS.gzipVsNginx)}`,
        measured: pct(set.vsNginx) + (set.jonoEncoding === 'gzip' ? '' : ' (Jono sent no gzip)'),
        verdict: verdict(set.vsNginx >= TARGETS.gzipVsNginx && set.jonoEncoding === 'gzip'),
      });
  }

  // Idle memory and time to healthy, five markets.
  const foot = r.footprint?.ok ? r.footprint.value : null;
  for (const backend of ['PGlite', 'PostgreSQL'] as const) {
    const b = foot?.backends.find((x) => x.backend === backend);
    const limit = TARGETS.idleMb[backend];
    const memFigure = `Idle memory, five markets, after a restart (${backend})`;
    const startFigure = `Time to healthy, five markets, restart (${backend})`;
    if (b?.restartIdleRssMiB === undefined)
      none(memFigure, `<= ${limit} MB`, b?.note ?? failure(r.footprint));
    else
      rows.push({
        figure: memFigure,
        target: `<= ${limit} MB`,
        measured: `${mb(b.restartIdleRssMiB)} MB`,
        verdict: verdict(mb(b.restartIdleRssMiB) <= limit),
      });
    if (b?.restartSeconds === undefined)
      none(startFigure, `<= ${TARGETS.healthySeconds} s`, b?.note ?? failure(r.footprint));
    else
      rows.push({
        figure: startFigure,
        target: `<= ${TARGETS.healthySeconds} s`,
        measured: `${b.restartSeconds} s`,
        verdict: verdict(b.restartSeconds <= TARGETS.healthySeconds),
      });
  }
  return rows;
}
