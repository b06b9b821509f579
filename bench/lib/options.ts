// Benchmark settings: a realistic short run by default, a smoke run with --quick.
export interface BenchOptions {
  quick: boolean;
  /** Seconds each load run measures. */
  duration: number;
  /** Seconds of discarded load before each measured run. */
  warmup: number;
  /** Concurrent connections of each read benchmark. */
  connections: number;
  /** Concurrent customers of the join-and-cancel cycle. */
  customers: number;
  /** Which benchmarks to run (all when empty). */
  only: string[];
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  // `npm run bench -- --quick` at the root reaches us as npm config (npm_config_quick).
  const quick = argv.includes('--quick') || process.env.npm_config_quick === 'true';
  const onlyArg =
    argv.find((a) => a.startsWith('--only=')) ??
    (process.env.BENCH_ONLY ? `--only=${process.env.BENCH_ONLY}` : undefined);
  return {
    quick,
    duration: quick ? 3 : 8,
    warmup: quick ? 1 : 2,
    connections: 50,
    customers: quick ? 20 : 100,
    only: onlyArg ? onlyArg.slice('--only='.length).split(',').filter(Boolean) : [],
  };
}

/** Benchmarks a name in BENCH_ONLY stands for ("api" is the reads and the joins together). */
/** `web` is the page weights and Lighthouse; each can also run alone (`weight`, `lighthouse`). */
const ALIASES: Record<string, string[]> = {
  api: ['reads', 'joins'],
  web: ['weight', 'lighthouse'],
};

export const wants = (opts: BenchOptions, name: string) =>
  opts.only.length === 0 || opts.only.some((o) => o === name || ALIASES[o]?.includes(name));

/** Lighthouse runs per page: on shared cores one run's blocking time varies by a factor of five. */
export const LIGHTHOUSE_RUNS = 5;
