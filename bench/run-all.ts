// Runs every benchmark in turn and writes bench/results.json and docs/benchmarks.md
// (with --quick: bench/.tmp/results.json and bench/.tmp/benchmarks.md). Never fails CI.
import { cpus, loadavg } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAccuracy } from './accuracy';
import { runEngineScale } from './engine-scale';
import { runFanout } from './fanout';
import { runFootprint } from './footprint';
import { runJoins } from './joins';
import { runNodes } from './nodes';
import { runReads } from './reads';
import { runLighthouse } from './lighthouse';
import { buildWeb, measureWeb } from './web-size';
import { startJono } from './lib/jono-server';
import { parseOptions, wants } from './lib/options';
import { BENCH_DIR, REPO_DIR, SCRATCH_DIR } from './lib/paths';
import { run, stopAll, stopAllOnExit } from './lib/processes';
import { format, resolveConfig } from 'prettier';
import { renderReport } from './lib/report';
import type { BenchResults, Outcome } from './lib/results';

/** The repository's lint checks formatting: write the report as Prettier would. */
async function formatted(file: string, text: string): Promise<string> {
  const config = (await resolveConfig(file)) ?? {};
  return format(text, { ...config, filepath: file });
}

const log = (msg: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

async function step<T>(name: string, fn: () => Promise<T> | T): Promise<Outcome<T>> {
  log(`${name}...`);
  const t0 = Date.now();
  try {
    const value = await fn();
    const seconds = Math.round((Date.now() - t0) / 1000);
    log(`${name} done in ${seconds} s`);
    return { ok: true, value, seconds };
  } catch (err) {
    log(`${name} failed: ${String(err)}`);
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The sections of results.json that benchmarks fill. */
const SECTIONS = [
  'engine',
  'accuracy',
  'footprint',
  'reads',
  'joins',
  'fanout',
  'nodes',
  'web',
  'lighthouse',
] as const;

async function main() {
  stopAllOnExit();
  const opts = parseOptions(process.argv.slice(2));
  if (process.argv.includes('--report-only')) {
    // Re-render docs/benchmarks.md from the last bench/results.json (after editing findings).
    const results = JSON.parse(
      readFileSync(join(BENCH_DIR, 'results.json'), 'utf8'),
    ) as BenchResults;
    const md = join(REPO_DIR, 'docs', 'benchmarks.md');
    writeFileSync(md, await formatted(md, renderReport(results)));
    log('rewrote docs/benchmarks.md from bench/results.json');
    return;
  }
  const started = Date.now();
  const results: BenchResults = {
    generatedAt: new Date().toISOString(),
    quick: opts.quick,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      loadAverageAtStart: loadavg(),
      node: process.version,
      somaxconn: Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim()),
      openFiles: (await run('sh', ['-c', 'ulimit -n'])).output.trim(),
    },
    settings: {
      durationSec: opts.duration,
      warmupSec: opts.warmup,
      connections: opts.connections,
      customers: opts.customers,
    },
    totalSeconds: 0,
  };
  // BENCH_ONLY re-measures some benchmarks: the others keep their figures of the last full run.
  const jsonPath = join(opts.quick ? SCRATCH_DIR : BENCH_DIR, 'results.json');
  if (opts.only.length > 0 && existsSync(jsonPath)) {
    const previous = JSON.parse(readFileSync(jsonPath, 'utf8')) as BenchResults;
    const kept = SECTIONS.filter(
      (k) => !wants(opts, k === 'web' ? 'weight' : k) && previous[k] !== undefined,
    );
    for (const k of kept) Object.assign(results, { [k]: previous[k] });
    // Where each kept section was measured: an earlier run it was carried from, else the last one.
    const earlier = Array.isArray(previous.carried) ? previous.carried : [];
    const carried: NonNullable<BenchResults['carried']> = [];
    for (const k of kept) {
      const origin = earlier.find((c) => c.sections.includes(k)) ?? {
        from: previous.generatedAt,
        sections: [],
        load: {
          start: previous.machine.loadAverageAtStart,
          end: previous.machine.loadAverageAtEnd,
        },
      };
      let entry = carried.find((c) => c.from === origin.from);
      if (!entry) {
        entry = { from: origin.from, sections: [], load: origin.load };
        carried.push(entry);
      }
      entry.sections.push(k);
    }
    if (carried.length > 0) results.carried = carried.sort((a, b) => a.from.localeCompare(b.from));
  }

  // In-process figures first, while nothing else of ours is running.
  if (wants(opts, 'engine'))
    results.engine = await step('engine scale', () => runEngineScale(opts));
  if (wants(opts, 'accuracy')) results.accuracy = await step('accuracy', () => runAccuracy(opts));
  if (wants(opts, 'footprint'))
    results.footprint = await step('memory and start', () => runFootprint());
  if (wants(opts, 'reads')) results.reads = await step('HTTP reads (wrk)', () => runReads(opts));
  if (wants(opts, 'joins')) results.joins = await step('join and cancel', () => runJoins(opts));
  if (wants(opts, 'fanout'))
    results.fanout = await step('live-update fan-out', () => runFanout(opts));
  if (wants(opts, 'nodes')) results.nodes = await step('nodes behind nginx', () => runNodes(opts));
  if (wants(opts, 'weight') || wants(opts, 'lighthouse')) {
    const build = opts.quick
      ? { status: 'built' as const, seconds: 0, note: 'not rebuilt (--quick)' }
      : await buildWeb();
    log(`web build: ${build.status}`);
    const server = await step('start Jono for the web', () => startJono({ name: 'web' }));
    if (server.ok) {
      try {
        if (wants(opts, 'weight')) {
          results.web = await step('web weight', () => measureWeb(server.value.url, build));
        }
        if (wants(opts, 'lighthouse')) {
          results.lighthouse = await step('lighthouse', () => runLighthouse(server.value.url));
        }
      } finally {
        await server.value.stop();
      }
    } else {
      if (wants(opts, 'weight')) results.web = server;
      if (wants(opts, 'lighthouse')) results.lighthouse = server;
    }
  }
  results.totalSeconds = Math.round((Date.now() - started) / 1000);
  results.machine.loadAverageAtEnd = loadavg();

  const jsonFile = opts.quick ? join(SCRATCH_DIR, 'results.json') : join(BENCH_DIR, 'results.json');
  const mdFile = opts.quick
    ? join(SCRATCH_DIR, 'benchmarks.md')
    : join(REPO_DIR, 'docs', 'benchmarks.md');
  mkdirSync(SCRATCH_DIR, { recursive: true });
  writeFileSync(jsonFile, await formatted(jsonFile, JSON.stringify(results, null, 2)));
  writeFileSync(mdFile, await formatted(mdFile, renderReport(results)));
  log(`wrote ${jsonFile} and ${mdFile} (${results.totalSeconds} s)`);
}

try {
  await main();
} catch (err) {
  log(`bench stopped: ${String(err)}`);
} finally {
  await stopAll();
}
// Benchmarks report; they never fail the build.
process.exit(0);
