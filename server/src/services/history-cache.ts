// A shop's history (the inputs its estimates learn from: durations, arrival rates, travel, the
// calibration) cached per process, and read again in the background, never by the one who asks.
//
// The states of a shop's entry, written once here and enforced by this class alone:
//
//   absent ──read (the asker waits: the shop's first estimate)──▶ fresh
//   fresh ──TTL passed, or something was learnt (a finish, an undo, new hours)──▶ stale
//     (the entry's age is its calibration's: a lesson's read keeps the calibration of a read
//     less than TTL old and reads the orders alone; the accuracy bench's simulator keeps it
//     for an hour)
//   stale ──a background read lands──▶ fresh           (the shop's listeners are told)
//   stale ──MAX_AGE passed without a read landing──▶ expired ──read (the asker waits)──▶ fresh
//
// A fresh or stale entry is answered at once; a stale one asks for a background read, one per
// shop at a time, shops one after another (a process's first minutes after a restart, when every
// busy shop ages out together, read histories in turn instead of all at once), those that learnt
// something before those that only aged (a finish's customers wait for what it taught). So a
// change under the shop's lock, a staff finish's answer and a page view never wait for a history
// read but in a shop's very first estimate (before: each finish read the shop's 28 days again
// before it was answered, inside nothing, and every tenth minute a change read them inside the
// shop's lock).
import type { Market } from '@jono/contract';
import type { MarketContext } from '../context';
import { historyRead, type HistoryReadCause } from '../lib/metrics';
import type { KeptCalibration, ShopHistory } from './queue-load';

/** A history read this long ago asks for a background read. */
export const HISTORY_TTL_MS = 10 * 60_000;
/** Never used older than this: past it the asker reads it (a refresh that cannot land). */
export const HISTORY_MAX_AGE_MS = 30 * 60_000;
/**
 * A history read at `at` also serves a change whose clock reading is up to this much earlier.
 * Concurrent changes read the clock when they arrive and take the shop's lock in another order:
 * a history stored by a later arrival must not look "from the future" to an earlier one (that
 * reloaded 14 days of records for nearly every join of a burst after a restart: seconds each).
 */
export const HISTORY_SKEW_MS = 60_000;

export interface HistoryShop {
  id: number;
  timeZone: string;
}

type Load = (
  ctx: MarketContext,
  pob: HistoryShop,
  now: number,
  keep?: KeptCalibration,
) => Promise<ShopHistory>;
/** Why a shop's history is read again: nothing (its age), a change here, or one elsewhere. */
export type Learnt = false | 'here' | 'elsewhere';

interface Entry {
  at: number;
  /**
   * When its calibration was learnt (14 days of shown estimates, the read's largest part): a
   * lesson read within HISTORY_TTL_MS of it keeps the calibration and reads the orders alone;
   * the entry ages (a full read in the background) HISTORY_TTL_MS after it.
   */
  calibratedAt: number;
  history: ShopHistory;
  /**
   * Something was learnt since `at` (read again, in the background): by a change made here (when
   * the read lands the shop's estimates are recomputed, stored and announced to every node) or
   * one heard from another node (this node's own listeners are told).
   */
  learnt: Learnt;
  ctx: MarketContext;
  pob: HistoryShop;
}

const keyOf = (market: Market, pobId: number) => `${market}:${pobId}`;

export class HistoryCache {
  private readonly entries = new Map<string, Entry>();
  /** A read the asker waits for (the shop has no usable entry), one per shop. */
  private readonly reading = new Map<string, Promise<ShopHistory>>();
  /**
   * Shops whose entry is read again in the background, in turn (insertion order): those that
   * learnt something first (a finish's customers wait for the estimates it taught), then those
   * whose history only aged.
   */
  private readonly lessons = new Set<string>();
  private readonly due = new Set<string>();
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The shop whose history the background is reading now. */
  private inFlight: string | null = null;
  /** Background reads landed (tests and /metrics-free diagnostics). */
  refreshed = 0;

  constructor(
    private readonly now: () => number,
    private readonly load: Load,
    /** A background read of a shop that learnt something landed: its estimates may move. */
    private readonly landed: (
      ctx: MarketContext,
      pobId: number,
      learnt: 'here' | 'elsewhere',
    ) => void,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** The entry's history if it may be used at `now` (fresh or stale), else undefined. */
  private usable(entry: Entry | undefined, now: number): entry is Entry {
    return (
      entry !== undefined &&
      now - entry.calibratedAt < HISTORY_MAX_AGE_MS &&
      entry.at - now <= HISTORY_SKEW_MS
    );
  }

  /**
   * The shop's history to estimate with at `now`, at once when cached (a stale one is read again
   * in the background); undefined when the shop has none usable (the caller reads it: under a
   * change's lock, within the change's transaction).
   */
  peek(ctx: MarketContext, pob: HistoryShop, now: number): ShopHistory | undefined {
    const key = keyOf(ctx.market, pob.id);
    const entry = this.entries.get(key);
    if (!this.usable(entry, now)) return undefined;
    // Being read now: a read that lands serves it (a finish meanwhile queues one more: `learnt`).
    if ((entry.learnt || now - entry.calibratedAt >= HISTORY_TTL_MS) && key !== this.inFlight)
      this.schedule(key, entry.learnt !== false);
    return entry.history;
  }

  /** The shop's usable history at `now`, if any, without reading it again (diagnostics, tests). */
  cached(market: Market, pobId: number, now: number): ShopHistory | undefined {
    const entry = this.entries.get(keyOf(market, pobId));
    return this.usable(entry, now) ? entry.history : undefined;
  }

  /** The shop's history at `now`: cached (see `peek`), or read once for every asker meanwhile. */
  async get(ctx: MarketContext, pob: HistoryShop, now: number): Promise<ShopHistory> {
    const cached = this.peek(ctx, pob, now);
    if (cached) return cached;
    const key = keyOf(ctx.market, pob.id);
    const pending = this.reading.get(key);
    if (pending) return pending;
    const read = this.timed('asker', () => this.load(ctx, pob, now)).then((history) => {
      this.remember(ctx, pob, now, history);
      return history;
    });
    this.reading.set(key, read);
    try {
      return await read;
    } finally {
      if (this.reading.get(key) === read) this.reading.delete(key);
    }
  }

  /** A history read at `now` by its asker (a change's, within its transaction). */
  remember(ctx: MarketContext, pob: HistoryShop, now: number, history: ShopHistory): void {
    const key = keyOf(ctx.market, pob.id);
    const current = this.entries.get(key);
    // A newer read landed first (one from a clock set back past the skew is replaced).
    if (current && current.at > now && current.at - now <= HISTORY_SKEW_MS) return;
    this.entries.set(key, {
      at: now,
      calibratedAt: now,
      history,
      learnt: current?.learnt ?? false,
      ctx,
      pob,
    });
  }

  /**
   * Something the history learns from happened (a service finished or its finish was undone,
   * here or on another node): the shop's entry is read again in the background. Answers false
   * for a shop without an entry (it reads its history whole the next time it is asked).
   */
  learnt(market: Market, pobId: number, where: 'here' | 'elsewhere'): boolean {
    const key = keyOf(market, pobId);
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.learnt !== 'here') entry.learnt = where;
    this.schedule(key, true);
    return true;
  }

  /** Forgets a shop's history (tests, and a shop whose records were rewritten). */
  forget(market: Market, pobId: number): void {
    const key = keyOf(market, pobId);
    this.entries.delete(key);
    this.lessons.delete(key);
    this.due.delete(key);
  }

  /**
   * On close: nothing more is read in the background, and the read under way (if any) finishes
   * before the databases close.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.lessons.clear();
    this.due.clear();
    await this.running;
  }

  /** The background reads queued or running (settled() waits for them). */
  get pending(): Promise<void> | null {
    return this.running;
  }

  private async timed<T>(cause: HistoryReadCause, read: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await read();
    } finally {
      historyRead(cause, (performance.now() - started) / 1000);
    }
  }

  private schedule(key: string, learnt: boolean): void {
    if (this.stopped) return;
    if (learnt) {
      this.due.delete(key);
      this.lessons.add(key);
    } else if (!this.lessons.has(key)) this.due.add(key);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Reads the due shops' histories one after another, until none is due. */
  private async drain(): Promise<void> {
    // Yield first: the asker goes on with the history it has.
    await Promise.resolve();
    for (;;) {
      const [key] = this.lessons.size > 0 ? this.lessons : this.due;
      if (key === undefined) return;
      this.lessons.delete(key);
      this.due.delete(key);
      const entry = this.entries.get(key);
      if (!entry) continue;
      const now = this.now();
      this.inFlight = key;
      try {
        const cause = entry.learnt ? 'learnt' : 'aged';
        const keep =
          entry.learnt && now - entry.calibratedAt < HISTORY_TTL_MS
            ? { calibration: entry.history.calibration }
            : undefined;
        const history = await this.timed(cause, () => this.load(entry.ctx, entry.pob, now, keep));
        const current = this.entries.get(key);
        // Forgotten meanwhile, or a newer read (a change's) landed first.
        if (!current || (current.at > now && current.at - now <= HISTORY_SKEW_MS)) continue;
        // What the read was for; learnt again while it was read (the read may have missed it):
        // still stale, and due.
        const learnt = current.learnt;
        const again = this.lessons.has(key) || this.due.has(key);
        this.entries.set(key, {
          ...current,
          at: now,
          calibratedAt: keep ? entry.calibratedAt : now,
          history,
          learnt: again ? learnt : false,
        });
        this.refreshed += 1;
        if (learnt && !again && !this.stopped) this.landed(entry.ctx, entry.pob.id, learnt);
      } catch (err) {
        // The stale entry is kept (until MAX_AGE); the next asker schedules it again.
        this.failed(err);
      } finally {
        this.inFlight = null;
      }
    }
  }
}
