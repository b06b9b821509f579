// The shape of bench/results.json: every benchmark's figures, or why it has none.
import type { AccuracyResult } from '../accuracy';
import type { ApiResult } from '../api-throughput';
import type { EngineResult } from '../engine-scale';
import type { LighthouseResult } from '../lighthouse';
import type { WebResult } from '../web-size';

export type Outcome<T> = { ok: true; value: T; seconds: number } | { ok: false; error: string };

export interface BenchResults {
  generatedAt: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; loadAverageAtStart: number[]; node: string };
  settings: { durationSec: number; warmupSec: number; connections: number; customers: number };
  totalSeconds: number;
  engine?: Outcome<EngineResult>;
  accuracy?: Outcome<AccuracyResult>;
  api?: Outcome<ApiResult>;
  web?: Outcome<WebResult>;
  lighthouse?: Outcome<LighthouseResult>;
}
