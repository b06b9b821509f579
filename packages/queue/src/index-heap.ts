// The Monte Carlo's per-run structures that make no garbage: a min-heap of entity indices by key
// and a stable sort of indices by time, both on typed arrays reused from one run to the next
// (wait-distribution.ts, barber-schedule.ts). An estimate runs 200 times; before these, its runs
// allocated about 0.8 MB at 20 waiting (new heaps, regrown arrays, sort work arrays), which the
// server's minute sweep of 500 shops turned into a young-generation collection every second
// (docs/scale.md, session 19).

/** A binary min-heap of entity indices, ordered by `keys[index]` (ties: as pushed and popped). */
export class IndexHeap {
  private items: Int32Array;
  size = 0;
  constructor(
    private keys: Float64Array,
    capacity = 16,
  ) {
    this.items = new Int32Array(Math.max(1, capacity));
  }
  /** The keys moved to a larger array (same values). */
  rekey(keys: Float64Array): void {
    this.keys = keys;
  }
  /** Empties the heap (its storage is kept). */
  reset(): void {
    this.size = 0;
  }
  /** The smallest key, Infinity when empty. */
  peekKey(): number {
    return this.size === 0 ? Infinity : (this.keys[this.items[0] as number] as number);
  }
  push(e: number): void {
    if (this.size === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const { items, keys } = this;
    const k = keys[e] as number;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent] as number;
      if ((keys[above] as number) <= k) break;
      items[i] = above;
      i = parent;
    }
    items[i] = e;
  }
  /** Removes and answers the index of the smallest key (the heap must not be empty). */
  pop(): number {
    const { items, keys } = this;
    const top = items[0] as number;
    const size = --this.size;
    const last = items[size] as number;
    if (size === 0) return top;
    const k = keys[last] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (
        right < size &&
        (keys[items[right] as number] as number) < (keys[items[child] as number] as number)
      )
        child = right;
      if ((keys[items[child] as number] as number) >= k) break;
      items[i] = items[child] as number;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

/** Lists this short are sorted in place by insertion; longer ones by the engine's sort. */
const INSERTION_MAX = 48;

/**
 * Sorts the indices `idx[0..count)` by `time[index]`, ascending and stable (equal times keep
 * their order), as `Array.prototype.sort` with `(a, b) => time[a] - time[b]` would: without
 * garbage for the short lists a run has (the customers on their way).
 */
export function sortByTime(idx: Int32Array, count: number, time: Float64Array): void {
  if (count > INSERTION_MAX) {
    const sorted = Array.from(idx.subarray(0, count)).sort(
      (a, b) => (time[a] as number) - (time[b] as number),
    );
    idx.set(sorted);
    return;
  }
  for (let i = 1; i < count; i++) {
    const v = idx[i] as number;
    const t = time[v] as number;
    let j = i - 1;
    while (j >= 0 && (time[idx[j] as number] as number) > t) {
      idx[j + 1] = idx[j] as number;
      j--;
    }
    idx[j + 1] = v;
  }
}
