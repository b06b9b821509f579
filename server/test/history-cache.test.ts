// A shop's history read again in the background (services/history-cache.ts): its states and
// transitions checked with a loader the test controls, by example and over random sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarketContext } from '../src/context';
import {
  HISTORY_MAX_AGE_MS,
  HISTORY_TTL_MS,
  HistoryCache,
  type HistoryShop,
} from '../src/services/history-cache';
import type { ShopHistory } from '../src/services/queue-load';

const ctx = { market: 'fi' } as MarketContext;
const shop = (id: number): HistoryShop => ({ id, timeZone: 'Europe/Helsinki' });
const MINUTE = 60_000;

/** A read the test answers: which shop, from when, and its history (a tag of the read). */
interface Read {
  pob: number;
  at: number;
  n: number;
  /** Started by an asker who waits for it (else by the background). */
  asker: boolean;
  /** The calibration of the history it replaces was kept (a lesson's read of the orders alone). */
  kept: boolean;
  resolve: () => void;
  reject: (err: Error) => void;
}

function harness() {
  const clock = { at: Date.UTC(2026, 10, 18, 10, 0) };
  const reads: Read[] = [];
  const landed: { pob: number; learnt: string }[] = [];
  const failures: unknown[] = [];
  let n = 0;
  let running = 0;
  let mostAtOnce = 0;
  /** Reads answered with a history: shop and the moment they read from. */
  const answered: { pob: number; at: number }[] = [];
  const state = { asking: false };
  const cache = new HistoryCache(
    () => clock.at,
    (_ctx, pob, at, keep) =>
      new Promise<ShopHistory>((resolve, reject) => {
        const tag = ++n;
        const asker = state.asking;
        if (!asker) running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        const done = () => {
          if (!asker) running -= 1;
        };
        reads.push({
          pob: pob.id,
          at,
          n: tag,
          asker,
          kept: keep !== undefined,
          resolve: () => {
            done();
            answered.push({ pob: pob.id, at });
            resolve({ tag } as unknown as ShopHistory);
          },
          reject: (err) => {
            done();
            reject(err);
          },
        });
      }),
    (_ctx, pob, learnt) => landed.push({ pob, learnt }),
    (err) => failures.push(err),
  );
  const tagOf = (h: ShopHistory | undefined) => (h as unknown as { tag: number } | undefined)?.tag;
  /** Lets the cache's promises run. */
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  /** Answers the oldest read not yet answered. */
  const answer = async () => {
    const read = reads.shift();
    if (!read) throw new Error('no read');
    read.resolve();
    await flush();
    return read;
  };
  /** get(), marking the reads it starts itself as an asker's. */
  const ask = (pob: number) => {
    state.asking = true;
    try {
      return cache.get(ctx, shop(pob), clock.at);
    } finally {
      state.asking = false;
    }
  };
  return {
    clock,
    cache,
    ask,
    answered,
    reads,
    landed,
    failures,
    tagOf,
    flush,
    answer,
    /** The most background reads that ran at once. */
    mostAtOnce: () => mostAtOnce,
  };
}

/** Shops 1-4 read by their askers, then all of them aged (nothing read again yet). */
async function fourShopsAged() {
  const h = harness();
  for (const id of [1, 2, 3, 4]) {
    const p = h.cache.get(ctx, shop(id), h.clock.at);
    await h.answer();
    await p;
  }
  h.clock.at += HISTORY_TTL_MS;
  return h;
}

describe('a shop history read again in the background', () => {
  it('reads a shop first once for every asker meanwhile, and they wait for it', async () => {
    const h = harness();
    const a = h.cache.get(ctx, shop(1), h.clock.at);
    const b = h.cache.get(ctx, shop(1), h.clock.at);
    await h.flush();
    expect(h.reads).toHaveLength(1);
    await h.answer();
    expect(h.tagOf(await a)).toBe(1);
    expect(h.tagOf(await b)).toBe(1);
  });

  it('answers a fresh one at once, and an aged one at once while one read runs behind it', async () => {
    const h = harness();
    const first = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    await first;
    h.clock.at += HISTORY_TTL_MS - MINUTE;
    expect(h.tagOf(h.cache.peek(ctx, shop(1), h.clock.at))).toBe(1);
    await h.flush();
    expect(h.reads).toHaveLength(0);
    h.clock.at += 2 * MINUTE;
    // Aged: served at once, several times, one read behind them.
    for (let i = 0; i < 5; i++)
      expect(h.tagOf(await h.cache.get(ctx, shop(1), h.clock.at))).toBe(1);
    await h.flush();
    expect(h.reads).toHaveLength(1);
    await h.answer();
    expect(h.tagOf(h.cache.peek(ctx, shop(1), h.clock.at))).toBe(2);
    // Its age alone taught nothing: nobody is told.
    expect(h.landed).toEqual([]);
    await h.cache.pending;
    expect(h.reads).toHaveLength(0);
  });

  it('reads a shop that learnt something in the background and says so when it lands', async () => {
    const h = harness();
    const first = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    await first;
    h.clock.at += MINUTE;
    expect(h.cache.learnt('fi', 1, 'here')).toBe(true);
    // The asker is not held: the history it had, until the read lands.
    expect(h.tagOf(h.cache.peek(ctx, shop(1), h.clock.at))).toBe(1);
    await h.flush();
    expect(h.reads.map((r) => r.at)).toEqual([h.clock.at]);
    await h.answer();
    expect(h.landed).toEqual([{ pob: 1, learnt: 'here' }]);
    expect(h.tagOf(h.cache.peek(ctx, shop(1), h.clock.at))).toBe(2);
    await h.flush();
    expect(h.reads).toHaveLength(0);
  });

  it('reads once more a shop that learnt again while it was read, and tells once', async () => {
    const h = harness();
    const first = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    await first;
    h.cache.learnt('fi', 1, 'elsewhere');
    await h.flush();
    expect(h.reads).toHaveLength(1);
    h.clock.at += 1000;
    h.cache.learnt('fi', 1, 'here');
    await h.answer();
    expect(h.landed).toEqual([]);
    expect(h.reads).toHaveLength(1);
    await h.answer();
    // A change here wins over one heard from elsewhere: the estimates are announced.
    expect(h.landed).toEqual([{ pob: 1, learnt: 'here' }]);
    expect(h.cache.learnt('fi', 2, 'here')).toBe(false);
  });

  it('reads shops one after another, never two at once', async () => {
    const h = await fourShopsAged();
    for (const id of [1, 2, 3, 4]) h.cache.peek(ctx, shop(id), h.clock.at);
    for (let i = 0; i < 4; i++) {
      await h.flush();
      expect(h.reads).toHaveLength(1);
      await h.answer();
    }
    await h.cache.pending;
    expect(h.mostAtOnce()).toBe(1);
  });

  it('reads a shop that learnt something before the shops whose history only aged', async () => {
    const h = await fourShopsAged();
    // Shops 1-3 aged (1 is being read), then a finish in shop 4 and one elsewhere in shop 3.
    for (const id of [1, 2, 3]) h.cache.peek(ctx, shop(id), h.clock.at);
    await h.flush();
    expect(h.reads.map((r) => r.pob)).toEqual([1]);
    expect(h.cache.learnt('fi', 4, 'here')).toBe(true);
    expect(h.cache.learnt('fi', 3, 'elsewhere')).toBe(true);
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      await h.flush();
      order.push((await h.answer()).pob);
    }
    await h.cache.pending;
    expect(order).toEqual([1, 4, 3, 2]);
    expect(h.landed).toEqual([
      { pob: 4, learnt: 'here' },
      { pob: 3, learnt: 'elsewhere' },
    ]);
  });

  it("keeps a calibration under 10 minutes old for a lesson's read, and ages by it", async () => {
    const h = harness();
    const first = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    await first;
    // A finish 4 minutes later: the orders are read, the calibration kept.
    h.clock.at += 4 * MINUTE;
    h.cache.learnt('fi', 1, 'here');
    await h.flush();
    expect((await h.answer()).kept).toBe(true);
    // 10 minutes after the full read (6 after the lesson's): aged, read whole.
    h.clock.at += 6 * MINUTE;
    h.cache.peek(ctx, shop(1), h.clock.at);
    await h.flush();
    expect((await h.answer()).kept).toBe(false);
    // A lesson 11 minutes after that read: whole too.
    h.clock.at += 11 * MINUTE;
    h.cache.learnt('fi', 1, 'here');
    await h.flush();
    expect((await h.answer()).kept).toBe(false);
    await h.cache.pending;
  });

  it('keeps the history it has when a read fails, and makes the asker wait past the longest age', async () => {
    const h = harness();
    const first = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    await first;
    h.clock.at += HISTORY_TTL_MS;
    h.cache.peek(ctx, shop(1), h.clock.at);
    await h.flush();
    h.reads.shift()?.reject(new Error('connection lost'));
    await h.flush();
    expect(h.failures).toHaveLength(1);
    expect(h.tagOf(h.cache.peek(ctx, shop(1), h.clock.at))).toBe(1);
    await h.flush();
    h.reads.shift()?.reject(new Error('connection lost'));
    await h.flush();
    h.clock.at += HISTORY_MAX_AGE_MS;
    // Too old to estimate with: the asker reads it.
    expect(h.cache.peek(ctx, shop(1), h.clock.at)).toBeUndefined();
    const waited = h.cache.get(ctx, shop(1), h.clock.at);
    await h.flush();
    const read = h.reads.find((r) => r.at === h.clock.at);
    expect(read).toBeDefined();
    read?.resolve();
    expect(h.tagOf(await waited)).toBe(read?.n);
  });

  it('reads once, and keeps it, when the clock is set back past the skew', async () => {
    const h = harness();
    const first = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    await first;
    h.clock.at -= 60 * MINUTE;
    // From the future: not used, read by the asker, and kept.
    expect(h.cache.peek(ctx, shop(1), h.clock.at)).toBeUndefined();
    const again = h.cache.get(ctx, shop(1), h.clock.at);
    await h.answer();
    expect(h.tagOf(await again)).toBe(2);
    expect(h.tagOf(await h.cache.get(ctx, shop(1), h.clock.at))).toBe(2);
    await h.flush();
    expect(h.reads).toHaveLength(0);
  });

  it('reads nothing more once stopped, and its stop waits for the read under way', async () => {
    const h = harness();
    for (const id of [1, 2]) {
      const p = h.cache.get(ctx, shop(id), h.clock.at);
      await h.answer();
      await p;
    }
    h.cache.learnt('fi', 1, 'here');
    h.cache.learnt('fi', 2, 'here');
    await h.flush();
    expect(h.reads).toHaveLength(1);
    let stopped = false;
    const stopping = h.cache.stop().then(() => (stopped = true));
    await h.flush();
    expect(stopped).toBe(false);
    await h.answer();
    await stopping;
    // Shop 2 was due, and is not read; nor is anything learnt after.
    h.cache.learnt('fi', 1, 'here');
    await h.flush();
    expect(h.reads).toHaveLength(0);
  });

  it('holds over random sequences: an asker with a usable history never waits, one background read at a time, every lesson read after it was learnt', async () => {
    type Op =
      | { kind: 'get'; pob: number }
      | { kind: 'learnt'; pob: number; here: boolean }
      | { kind: 'advance'; minutes: number }
      | { kind: 'answer' }
      | { kind: 'fail' };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('get' as const), pob: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant('learnt' as const),
        pob: fc.integer({ min: 1, max: 3 }),
        here: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('advance' as const),
        minutes: fc.integer({ min: 0, max: 40 }),
      }),
      fc.record({ kind: fc.constant('answer' as const) }),
      fc.record({ kind: fc.constant('fail' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops: Op[]) => {
        const h = harness();
        /** Per shop: the moment of its latest lesson. */
        const lessons = new Map<number, number>();
        const waiting: Promise<ShopHistory>[] = [];
        for (const o of ops) {
          if (o.kind === 'get') {
            const usable = h.cache.cached('fi', o.pob, h.clock.at);
            const got = h.ask(o.pob);
            // Answered without any read being answered: it did not wait.
            if (usable) expect(h.tagOf(await got)).toBe(h.tagOf(usable));
            else waiting.push(got.catch(() => ({}) as ShopHistory));
          } else if (o.kind === 'learnt') {
            if (h.cache.learnt('fi', o.pob, o.here ? 'here' : 'elsewhere'))
              lessons.set(o.pob, h.clock.at);
          } else if (o.kind === 'advance') {
            h.clock.at += o.minutes * MINUTE;
          } else {
            const read = h.reads.shift();
            if (o.kind === 'answer') read?.resolve();
            else read?.reject(new Error('lost'));
          }
          await h.flush();
          expect(h.mostAtOnce()).toBeLessThanOrEqual(1);
        }
        // Every read answered, then every shop asked once more (a lesson whose read failed is
        // read again by the next asker): every lesson was read by a read from its moment or later.
        const drain = async () => {
          for (let i = 0; i < 500 && (h.reads.length > 0 || h.cache.pending); i++) {
            if (h.reads.length > 0) await h.answer();
            else await h.flush();
          }
        };
        await drain();
        await Promise.all(waiting);
        for (const pob of [1, 2, 3]) void h.ask(pob);
        await h.flush();
        await drain();
        expect(h.reads).toHaveLength(0);
        for (const [pob, at] of lessons) {
          expect(h.answered.some((r) => r.pob === pob && r.at >= at)).toBe(true);
        }
        expect(h.mostAtOnce()).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
