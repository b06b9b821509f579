// The closed loop: corrections of the model's waits learnt from the shop's stored estimates and
// the waits that followed. Per priority and wait bucket (by the model's median): the median of
// (actual - model median) corrects the bias, and split conformal margins on each end of the
// model's 80 % interval make it hold what it claims (conformalised quantile regression). The
// margins are multiples of the model's own spread (p90 - p10), so a long or uncertain queue gets
// a wider range than a short one in the same bucket; and the 20 % that an 80 % range may miss is
// shared between its ends by what the shop's records show: where nobody can wait less than the
// range's low end (it is 0), the whole 20 % goes to the high end instead of leaving 10 % unused.
// In the margins each order counts once per cell, however often its estimate changed. An
// estimate shown at joining (what a customer decides by, and what the bench judges) errs unlike
// the later ones in the same bucket (members yet to arrive can still pass), so it has cells of
// its own, falling back to the cells of every estimate when they are sparse. A priority's high
// ends are chosen together across its buckets (sharedUpperMargins): as many of its customers
// inside as each bucket's own 80 % would hold, at the fewest minutes of width, so a bucket whose
// few starving customers cost many minutes each gives up a little of its 80 % (at most
// CELL_SLACK) to a bucket where the same customers cost a minute.
import type { Calibration, CalibrationCell, ModelWait } from './types';

/** Wait buckets by the model's median (minutes): 0-5, 5-15, 15-30, 30-60, 60+. */
export const WAIT_BUCKET_EDGES: readonly number[] = [5, 15, 30, 60];
/**
 * A cell needs records of this many orders (an order re-estimated many times is one); fewer: for
 * a long wait its priority's long waits together, then the pooled row, then no correction.
 */
export const MIN_CALIBRATION_RECORDS = 30;
/** Buckets from this one on (15 minutes and more) are long waits, learnt together when sparse. */
export const LONG_WAIT_BUCKET = 2;
/** An estimate shown within this many minutes of the order's joining is one "at joining". */
export const AT_JOINING_MINUTES = 1;
/** The 80 % interval misses one wait in five: one in ten at each end unless an end cannot miss. */
const MISS = 0.2;
const TAIL = MISS / 2;
/** Margins are multiples of the model's spread, at least this many minutes. */
const MIN_SPREAD = 1;

export interface EstimateRecord {
  priority: number;
  /** The model's wait (before calibration), minutes. */
  model: ModelWait;
  /** The wait that followed, minutes from the estimate. */
  actual: number;
  /**
   * The order it was shown for: the margins count each order once per cell, however often its
   * estimate changed (without it, each record counts once).
   */
  orderId?: number;
  /** Minutes from the order's joining to the estimate (absent: unknown, not "at joining"). */
  sinceJoin?: number;
  /**
   * The shop's local day of the estimate (any whole-day key): a day's customers share its surges
   * and its queue, so the median's shift counts its uncertainty by days (shrunkShift). Absent: by
   * order (each record its own when the order is absent too).
   */
  day?: number;
}

const atJoining = (sinceJoin: number | undefined) =>
  sinceJoin !== undefined && sinceJoin < AT_JOINING_MINUTES;

export function bucketOf(edges: readonly number[], minutes: number): number {
  let b = 0;
  while (b < edges.length && minutes >= (edges[b] as number)) b++;
  return b;
}

/** Scores are sorted as whole multiples of this (1e-4 of a spread: far below a second). */
const SCORE_STEP = 1e-4;
const SCORE_LIMIT = 1e4;
/** Records per cell the packed sort can carry (2^20); more are learnt from the latest. */
const INDEX_BITS = 2 ** 20;

/** Cells with this many records are sorted by radix; smaller ones by the engine's numeric sort. */
const RADIX_MIN = 2048;
/** A score's whole steps (0 to 2 x SCORE_LIMIT / SCORE_STEP, under 2^28) in two 14-bit digits. */
const DIGIT_BITS = 14;
const DIGIT_MASK = (1 << DIGIT_BITS) - 1;

/**
 * The records' scores sorted, packed with their indices as keys (score in whole steps of
 * SCORE_STEP, then index): a busy shop's 14 days are some 100,000 records in several cells, and a
 * comparator sort of objects made learning them cost more than the 150 ms a shop's inputs may
 * take. The score is read back from the key, in whole steps, so the answer does not depend on the
 * records' order. The keys are distinct (the index), so any correct sort gives the same array: a
 * large cell's is two stable counting passes over the score's steps (linear; the numeric sort of
 * its keys took about a quarter of the inputs' CPU), a small one's the numeric sort.
 */
export function sortedKeys(scores: Float64Array): Float64Array {
  const n = Math.min(scores.length, INDEX_BITS);
  const steps = new Float64Array(n);
  let whole = true;
  for (let i = 0; i < n; i++) {
    const s = Math.min(SCORE_LIMIT, Math.max(-SCORE_LIMIT, scores[i] as number));
    const step = Math.round(s / SCORE_STEP) + SCORE_LIMIT / SCORE_STEP;
    steps[i] = step;
    if (!(step >= 0)) whole = false;
  }
  const keys = new Float64Array(n);
  if (n < RADIX_MIN || !whole) {
    for (let i = 0; i < n; i++) keys[i] = (steps[i] as number) * INDEX_BITS + i;
    return keys.sort();
  }
  // Indices by the low digit of their steps, then stably by the high one: equal steps keep the
  // indices' order, as the keys' own order has them.
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const count = new Uint32Array(DIGIT_MASK + 2);
  for (let shift = 0; shift < 2 * DIGIT_BITS; shift += DIGIT_BITS) {
    count.fill(0);
    for (let k = 0; k < n; k++) {
      const slot = (((steps[from[k] as number] as number) >>> shift) & DIGIT_MASK) + 1;
      count[slot] = (count[slot] as number) + 1;
    }
    for (let d = 0; d <= DIGIT_MASK; d++)
      count[d + 1] = (count[d + 1] as number) + (count[d] as number);
    for (let k = 0; k < n; k++) {
      const i = from[k] as number;
      const digit = ((steps[i] as number) >>> shift) & DIGIT_MASK;
      to[count[digit] as number] = i;
      count[digit] = (count[digit] as number) + 1;
    }
    [from, to] = [to, from];
  }
  for (let k = 0; k < n; k++) {
    const i = from[k] as number;
    keys[k] = (steps[i] as number) * INDEX_BITS + i;
  }
  return keys;
}

const indexOf = (key: number) => key % INDEX_BITS;
const scoreOf = (key: number) =>
  (Math.floor(key / INDEX_BITS) - SCORE_LIMIT / SCORE_STEP) * SCORE_STEP;

/**
 * Weighted finite-sample conformal quantile: the smallest score whose cumulative weight reaches
 * (1 - tail) x (the records' weight + 1, the estimate being calibrated). With unit weights, the
 * ceil((n + 1)(1 - tail))-th smallest score.
 */
function conformal(scores: Float64Array, weights: Float64Array, total: number, tail: number) {
  return quantileOfKeys(sortedKeys(scores), weights, total, tail);
}

function quantileOfKeys(keys: Float64Array, weights: Float64Array, total: number, tail: number) {
  const target = (1 - tail) * (total + 1) - 1e-9;
  let sum = 0;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as number;
    sum += weights[indexOf(key)] as number;
    if (sum >= target) return scoreOf(key);
  }
  return keys.length === 0 ? 0 : scoreOf(keys[keys.length - 1] as number);
}

/**
 * The median's shift is kept whole only when it stands well out of its own noise: a shift inside
 * SHIFT_Z standard errors of 0 (its 90 % interval holds 0) is none, and one further out is
 * shrunk by (1 - (SHIFT_Z x its standard error / it)^2).
 */
export const SHIFT_Z = 1.645;

/**
 * The median of the errors (actual - the model's median), shrunk toward 0 by its uncertainty: a
 * long-wait cell of a few dozen customers, whose errors spread half an hour over a few surging
 * days, learns a median that moves by many minutes from one 14 days to the next, and adding it
 * to the Monte Carlo's median made the median shown worse than the model's own (session 13: on
 * many-members' one-time customers shown 60+ minutes a shift of +12 minutes learnt where the
 * next days' waits were 6.5 minutes shorter than the model's median). The standard error is the
 * median's (1.2533 x the errors' robust deviation, 1.4826 x MAD), with the records of one day
 * counted together (sum over days of the squared sum of each record's sign about the median:
 * a day's customers err together, and an order's records are one customer's wait seen again).
 * Where the model is biased for many days (a shop's walk-ins in bus-loads), the shift stands
 * many standard errors out and is kept.
 */
function shrunkShift(records: readonly EstimateRecord[], errors: Float64Array): number {
  const n = errors.length;
  if (n === 0) return 0;
  const m = median(errors.slice());
  if (m === 0) return 0;
  const deviations = new Float64Array(n);
  for (let i = 0; i < n; i++) deviations[i] = Math.abs((errors[i] as number) - m);
  const mad = median(deviations);
  const signs = new Map<number, number>();
  let own = 0;
  records.forEach((r, i) => {
    const e = errors[i] as number;
    const sign = e > m ? 1 : e < m ? -1 : 0;
    const key = r.day ?? r.orderId;
    if (key === undefined) own += sign * sign;
    else signs.set(key, (signs.get(key) ?? 0) + sign);
  });
  let sumSquares = own;
  for (const s of signs.values()) sumSquares += s * s;
  const se = (1.2533 * 1.4826 * mad * Math.sqrt(sumSquares)) / n;
  const noise = (SHIFT_Z * se) / m;
  return m * Math.max(0, 1 - noise * noise);
}

/**
 * The k-th smallest of `values` (0-based), reordering them (quickselect: linear time on average,
 * where a sort of a busy shop's 14 days of records cost several milliseconds per cell).
 * Afterwards every value before index k is at most the k-th.
 */
function select(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (hi > lo) {
    const a = values[lo] as number;
    const b = values[(lo + hi) >> 1] as number;
    const c = values[hi] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k] as number;
}

/** The median of `values` (reordered). */
function median(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return 0;
  const mid = n >> 1;
  const upper = select(values, mid);
  if (n % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < mid; i++) if ((values[i] as number) > lower) lower = values[i] as number;
  return (lower + upper) / 2;
}

const spreadOf = (model: ModelWait) => Math.max(MIN_SPREAD, model.p90 - model.p10);
const lowOf = (model: ModelWait, margin: number) =>
  Math.max(0, model.p10 - margin * spreadOf(model));

/**
 * Each record's weight in the margins: 1 / the records of its order in the cell. A customer
 * whose estimate changed thirty times while waiting (a one-time customer passed by a members'
 * rush) is one customer; counted thirty times, the rare starving waits fill the upper tail and
 * widen every range of the bucket.
 */
function orderWeights(records: readonly EstimateRecord[]): Float64Array {
  const counts = new Map<number, number>();
  for (const r of records) {
    if (r.orderId !== undefined) counts.set(r.orderId, (counts.get(r.orderId) ?? 0) + 1);
  }
  const weights = new Float64Array(records.length);
  records.forEach((r, i) => {
    weights[i] = r.orderId === undefined ? 1 : 1 / (counts.get(r.orderId) ?? 1);
  });
  return weights;
}

/** A cell learnt, with what the margins' joint choice (sharedUpperMargins) needs of it. */
interface Draft {
  cell: CalibrationCell;
  /** The upper scores sorted (sortedKeys) and the records' weights. */
  upperKeys: Float64Array;
  weights: Float64Array;
  /** The orders' weight, and the weight of those below the low end. */
  total: number;
  missedLow: number;
  /** Sum of weight x the model's spread: minutes of width one spread of margin costs. */
  spreadWeight: number;
  /** The share of the cell the high end may miss on its own (at least TAIL). */
  upperTail: number;
}

function draftOf(all: readonly EstimateRecord[]): Draft | null {
  // The latest records when a cell holds more than the packed sort carries (INDEX_BITS).
  const records = all.length > INDEX_BITS ? all.slice(all.length - INDEX_BITS) : all;
  const weights = orderWeights(records);
  let total = 0;
  for (const w of weights) total += w;
  // Records of one order are one customer's wait seen again: the cell's size is its orders.
  if (total < MIN_CALIBRATION_RECORDS - 1e-9) return null;
  const scores = (f: (r: EstimateRecord) => number) => {
    const out = new Float64Array(records.length);
    for (let i = 0; i < records.length; i++) out[i] = f(records[i] as EstimateRecord);
    return out;
  };
  const lowerMargin = conformal(
    scores((r) => (r.model.p10 - r.actual) / spreadOf(r.model)),
    weights,
    total,
    TAIL,
  );
  // The share of the orders the low end misses (waits shorter than it): often none, since a
  // low end of 0 cannot be missed. The high end may miss the rest of the 20 %, never more than
  // the 20 % nor less than its own 10 %.
  let missedLow = 0;
  let spreadWeight = 0;
  records.forEach((r, i) => {
    if (r.actual < lowOf(r.model, lowerMargin)) missedLow += weights[i] as number;
    spreadWeight += (weights[i] as number) * spreadOf(r.model);
  });
  const upperTail = Math.min(MISS, Math.max(TAIL, MISS - missedLow / total));
  const upperKeys = sortedKeys(scores((r) => (r.actual - r.model.p90) / spreadOf(r.model)));
  return {
    cell: {
      // The median's shift stays per record: weighting it per order too (tried) left more
      // customers waiting longer than shown (53-64 % against 50-61 %).
      shift: shrunkShift(
        records,
        scores((r) => r.actual - r.model.p50),
      ),
      lowerMargin,
      upperMargin: quantileOfKeys(upperKeys, weights, total, upperTail),
      n: records.length,
    },
    upperKeys,
    weights,
    total,
    missedLow,
    spreadWeight,
    upperTail,
  };
}

/**
 * A cell's high end may hold at most this much less than its own 80 % in the joint choice
 * (sharedUpperMargins): the ranges of no bucket are given up for the others'.
 */
export const CELL_SLACK = 0.05;

/** A cell's candidate upper margins (scores) and the weight of orders each keeps inside. */
interface Hull {
  score: number[];
  covered: number[];
  spreadWeight: number;
}

/**
 * The margins worth considering for a cell: from its floor on (its own 80 % less CELL_SLACK),
 * the points (score, weight covered) on the upper hull of its scores' distribution; a price
 * picks one of them.
 */
function hullOf(d: Draft): Hull {
  const floor = (1 - d.upperTail - CELL_SLACK) * (d.total + 1) - 1e-9;
  const score: number[] = [];
  const covered: number[] = [];
  let sum = 0;
  for (let k = 0; k < d.upperKeys.length; k++) {
    const key = d.upperKeys[k] as number;
    sum += d.weights[indexOf(key)] as number;
    if (sum < floor && k < d.upperKeys.length - 1) continue;
    const s = scoreOf(key);
    // The same score again: the later point covers more at the same margin.
    while (score.length > 0 && (score[score.length - 1] as number) >= s) {
      score.pop();
      covered.pop();
    }
    // Keep the hull concave: drop a point under the chord of its neighbours.
    while (score.length >= 2) {
      const s1 = score[score.length - 2] as number;
      const w1 = covered[covered.length - 2] as number;
      const s2 = score[score.length - 1] as number;
      const w2 = covered[covered.length - 1] as number;
      if ((w2 - w1) * (s - s1) > (sum - w1) * (s2 - s1)) break;
      score.pop();
      covered.pop();
    }
    score.push(s);
    covered.push(sum);
  }
  return { score, covered, spreadWeight: d.spreadWeight };
}

/** The hull's point a price picks: the most weight inside less the width it costs. */
function atPrice(h: Hull, price: number): number {
  let best = -Infinity;
  let k = 0;
  for (let i = 0; i < h.score.length; i++) {
    const value = price * (h.covered[i] as number) - (h.score[i] as number) * h.spreadWeight;
    if (value > best) {
      best = value;
      k = i;
    }
  }
  return k;
}

/**
 * The high ends of one priority's wait buckets, chosen together: as many of its customers
 * inside their ranges as each bucket's own 80 % margins hold, at the fewest minutes of width.
 * A bucket whose waits have a long tail (a one-time customer starving while members pass, in a
 * few dozen customers) pays many minutes for each customer its margin reaches, a bucket of
 * well-modelled waits few; the same customers kept inside cost less where they are cheap.
 * The rule is one price: in every bucket the high end moves out while each extra minute of
 * width (over the bucket's customers) brings at least 1 / price customers inside, the price the
 * lowest that holds the buckets' customers together; no bucket holds less than its own 80 %
 * less CELL_SLACK. The margin stays a multiple of each estimate's own spread. `fallbacks` (the
 * priority's long waits together, for a long-wait bucket of too few customers) take the same
 * price.
 */
function sharedUpperMargins(drafts: readonly Draft[], fallbacks: readonly Draft[]): void {
  if (drafts.length < 2) return;
  let need = 0;
  for (const d of drafts) need += (1 - d.upperTail) * (d.total + 1) - 1e-9;
  const hulls = drafts.map(hullOf);
  const holds = (price: number) => {
    let covered = 0;
    for (const h of hulls) covered += h.covered[atPrice(h, price)] ?? 0;
    return covered >= need;
  };
  // The price in minutes of width per customer inside, by bisection on its logarithm.
  let cheap = 1e-3;
  let dear = 1e7;
  if (!holds(dear)) return;
  for (let i = 0; i < 50; i++) {
    const mid = Math.sqrt(cheap * dear);
    if (holds(mid)) dear = mid;
    else cheap = mid;
  }
  const apply = (d: Draft, h: Hull) => {
    const margin = h.score[atPrice(h, dear)];
    if (margin !== undefined) d.cell.upperMargin = margin;
  };
  drafts.forEach((d, c) => apply(d, hulls[c] as Hull));
  for (const d of fallbacks) apply(d, hullOf(d));
}

export function learnCalibration(
  records: readonly EstimateRecord[],
  bucketEdges: readonly number[] = WAIT_BUCKET_EDGES,
): Calibration {
  const buckets = bucketEdges.length + 1;
  const split = (rs: readonly EstimateRecord[]) => {
    const cells: EstimateRecord[][] = Array.from({ length: buckets }, () => []);
    for (const r of rs) cells[bucketOf(bucketEdges, r.model.p50)]?.push(r);
    return cells.map(draftOf);
  };
  const usable = records.filter(
    (r) =>
      !isCertain(r.model) &&
      Number.isFinite(r.actual) &&
      r.actual >= 0 &&
      Number.isFinite(r.model.p10) &&
      Number.isFinite(r.model.p50) &&
      Number.isFinite(r.model.p90),
  );
  const perPriority = (rs: readonly EstimateRecord[]) => {
    const byPriority = new Map<number, readonly (CalibrationCell | null)[]>();
    const longWaits = new Map<number, CalibrationCell | null>();
    for (const p of [...new Set(rs.map((r) => r.priority))].sort((a, b) => a - b)) {
      const mine = rs.filter((r) => r.priority === p);
      const drafts = split(mine);
      const long = draftOf(
        mine.filter((r) => bucketOf(bucketEdges, r.model.p50) >= LONG_WAIT_BUCKET),
      );
      sharedUpperMargins(
        drafts.filter((d): d is Draft => d !== null),
        long ? [long] : [],
      );
      byPriority.set(
        p,
        drafts.map((d) => d?.cell ?? null),
      );
      longWaits.set(p, long?.cell ?? null);
    }
    return { byPriority, longWaits };
  };
  const joining = usable.filter((r) => atJoining(r.sinceJoin));
  return {
    bucketEdges,
    ...perPriority(usable),
    pooled: split(usable).map((d) => d?.cell ?? null),
    ...(joining.length > 0 ? { atJoining: perPriority(joining) } : {}),
  };
}

/**
 * The model is certain when every run found a chair free for the order now (p90 of 0): the wait
 * is 0, shown as "no wait" without a range. Such an estimate is neither calibrated nor learnt
 * from: a free chair's records are exact, and counted in a cell they would fill its 80 % with
 * waits no range can miss, so the cell's real waits (a queue of a few minutes in the same
 * bucket) would get all of its 20 % of misses.
 */
export const isCertain = (model: ModelWait) => model.p90 <= 0;

export interface CalibratedWait {
  /** Unrounded minutes, low <= median <= high, all >= 0. */
  low: number;
  median: number;
  high: number;
}

/**
 * `sinceJoin`: minutes since the order joined (0 for a new customer's estimate); an estimate at
 * joining takes the cells of estimates at joining first. Absent: any estimate's cells.
 */
export function calibrate(
  calibration: Calibration | undefined,
  priority: number,
  model: ModelWait,
  sinceJoin?: number,
): CalibratedWait {
  if (isCertain(model)) return { low: 0, median: 0, high: 0 };
  let cell: CalibrationCell | null = null;
  if (calibration) {
    const b = bucketOf(calibration.bucketEdges, model.p50);
    // A long-wait cell with few customers: the priority's long waits together before every
    // priority's (a one-time customer passed by members errs unlike the members themselves;
    // the margins are multiples of the spread, comparable across buckets).
    const long = (c: Pick<Calibration, 'longWaits'>) =>
      b >= LONG_WAIT_BUCKET ? (c.longWaits?.get(priority) ?? null) : null;
    const joining = atJoining(sinceJoin) ? calibration.atJoining : undefined;
    cell =
      (joining ? (joining.byPriority.get(priority)?.[b] ?? long(joining)) : null) ??
      calibration.byPriority.get(priority)?.[b] ??
      long(calibration) ??
      calibration.pooled[b] ??
      null;
  }
  const median = Math.max(0, model.p50 + (cell?.shift ?? 0));
  const low = Math.min(median, lowOf(model, cell?.lowerMargin ?? 0));
  const high = Math.max(median, model.p90 + (cell?.upperMargin ?? 0) * spreadOf(model));
  return { low, median, high };
}

/**
 * The wait as the app shows it, in whole minutes: the median and both ends of the range rounded
 * to the nearest minute. A customer reads "20-35" as whole minutes (a wait of 35.4 minutes is
 * inside, 35.6 is not), so ends rounded to the nearest minute hold what the unrounded range does;
 * rounded inwards (before issue 31) they cost 2-8 points of coverage.
 */
export function wholeMinutes(wait: CalibratedWait): { median: number; low: number; high: number } {
  const median = Math.max(0, Math.round(wait.median));
  return strictRange(
    median,
    Math.min(median, Math.max(0, Math.round(wait.low))),
    Math.max(median, Math.round(wait.high)),
  );
}

/**
 * A shown range holds its median strictly inside ("6 min (5-8)", never "6 min (2-6)"), unless it
 * is a single minute ("0 min (0-0)"), or the median is 0, which no range goes below: an end that
 * meets the median moves one minute out.
 */
export function strictRange(
  median: number,
  low: number,
  high: number,
): { median: number; low: number; high: number } {
  let lo = Math.min(low, median);
  let hi = Math.max(high, median);
  if (lo === hi) return { median, low: lo, high: hi };
  if (hi === median) hi = median + 1;
  if (lo === median && median > 0) lo = median - 1;
  return { median, low: lo, high: hi };
}
