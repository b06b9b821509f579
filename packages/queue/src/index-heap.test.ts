import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexHeap, sortByTime } from './index-heap';
import { mulberry32, Mulberry32 } from './sim/random';

// Keys as the Monte Carlo makes them: few distinct values (ties), exact in doubles.
const keyArb = fc.integer({ min: -3, max: 5 }).map((p) => p * 2 ** 30);

describe('IndexHeap', () => {
  it('pops every index pushed, smallest key first, across resets and a growing key array', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(fc.boolean(), keyArb), { maxLength: 80 }), { maxLength: 4 }),
        (runs) => {
          let keys = new Float64Array(2);
          const heap = new IndexHeap(keys, 1);
          for (const ops of runs) {
            heap.reset();
            let count = 0;
            const inHeap = new Set<number>();
            for (const [pop, key] of ops) {
              if (pop && heap.size > 0) {
                const min = Math.min(...[...inHeap].map((e) => keys[e] as number));
                expect(heap.peekKey()).toBe(min);
                const e = heap.pop();
                expect(keys[e]).toBe(min);
                expect(inHeap.delete(e)).toBe(true);
                continue;
              }
              if (count === keys.length) {
                const grown = new Float64Array(keys.length * 2);
                grown.set(keys);
                keys = grown;
                heap.rekey(keys);
              }
              keys[count] = key;
              heap.push(count);
              inHeap.add(count);
              count++;
            }
            expect(heap.size).toBe(inHeap.size);
            const rest: number[] = [];
            while (heap.size > 0) rest.push(keys[heap.pop()] as number);
            expect(rest).toEqual([...rest].sort((a, b) => a - b));
            expect(rest).toHaveLength(inHeap.size);
            expect(heap.peekKey()).toBe(Infinity);
          }
        },
      ),
    );
  });
});

describe('sortByTime', () => {
  it('orders indices as a stable sort by time does, for short and long lists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 120 }),
        fc.integer({ min: 0, max: 10 }),
        (times, spare) => {
          const time = Float64Array.from(times, (t) => 1_000 + t * 60_000);
          const order = times.map((_, i) => i).reverse();
          const idx = new Int32Array(order.length + spare).fill(-7);
          idx.set(order);
          sortByTime(idx, order.length, time);
          const expected = [...order].sort((a, b) => (time[a] as number) - (time[b] as number));
          expect([...idx.subarray(0, order.length)]).toEqual(expected);
          // What lies past `count` is not touched.
          expect([...idx.subarray(order.length)]).toEqual(new Array<number>(spare).fill(-7));
        },
      ),
    );
  });
});

describe('Mulberry32', () => {
  it('draws mulberry32 numbers (the simulations and estimates depend on them)', () => {
    const m = new Mulberry32(0xdeadbeef);
    expect([m.next(), m.next(), m.next()].map((x) => x * 4294967296)).toEqual([
      4043151706, 1147597007, 3315858022,
    ]);
  });

  it('reseeded, draws the same numbers as a new mulberry32 of that seed', () => {
    const m = new Mulberry32(1);
    m.next();
    for (const seed of [0, 1, 0xdeadbeef, 2 ** 32 - 1, 123.75 * 2 ** 20]) {
      m.seed(seed);
      const fresh = mulberry32(seed);
      for (let i = 0; i < 5; i++) expect(m.next()).toBe(fresh());
    }
  });
});
