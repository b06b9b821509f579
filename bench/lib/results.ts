// The shape of bench/results.json: every benchmark's figures, or why it has none.
import type { AccuracyResult } from '../accuracy';
import type { EngineResult } from '../engine-scale';
import type { FanoutResult } from '../fanout';
import type { FootprintResult } from '../footprint';
import type { JoinsResult } from '../joins';
import type { LighthouseResult } from '../lighthouse';
import type { NodesResult } from '../nodes';
import type { ReadsResult } from '../reads';
import type { WebResult } from '../web-size';

export type Outcome<T> = { ok: true; value: T; seconds: number } | { ok: false; error: string };

export interface BenchResults {
  generatedAt: string;
  quick: boolean;
  machine: {
    cpus: number;
    cpuModel: string;
    loadAverageAtStart: number[];
    /** Load average when the run ended (other work on the shared cores shows here). */
    loadAverageAtEnd?: number[];
    node: string;
    /** Listen-queue ceiling (net.core.somaxconn) and open-file limit the servers ran with. */
    somaxconn?: number;
    openFiles?: string;
  };
  settings: { durationSec: number; warmupSec: number; connections: number; customers: number };
  totalSeconds: number;
  /** Sections kept from earlier runs (BENCH_ONLY re-measured the others), with each run's time
   * and load averages (start and end); one entry per earlier run. */
  carried?: { from: string; sections: string[]; load?: { start: number[]; end?: number[] } }[];
  engine?: Outcome<EngineResult>;
  accuracy?: Outcome<AccuracyResult>;
  reads?: Outcome<ReadsResult>;
  joins?: Outcome<JoinsResult>;
  fanout?: Outcome<FanoutResult>;
  footprint?: Outcome<FootprintResult>;
  nodes?: Outcome<NodesResult>;
  web?: Outcome<WebResult>;
  lighthouse?: Outcome<LighthouseResult>;
}
