// The shapes the report's findings and target tables share (a leaf: the modules that fill them
// import these, never each other's for a type).
import type { BenchResults } from './results';

/** A finding of the report: shown when `applies`. */
export interface Finding {
  title: string;
  applies: (r: BenchResults) => boolean;
  body: (r: BenchResults) => string;
}

export type Verdict = 'met' | 'missed' | 'not measured';

export interface TargetRow {
  figure: string;
  target: string;
  measured: string;
  verdict: Verdict;
}
