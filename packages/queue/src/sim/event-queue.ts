// A binary min-heap of timed events; ties keep insertion order so runs are deterministic.

interface Entry<T> {
  time: number;
  seq: number;
  event: T;
}

export class EventQueue<T> {
  private heap: Entry<T>[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(time: number, event: T): void {
    const heap = this.heap;
    heap.push({ time, seq: this.seq++, event });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): { time: number; event: T } | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (!top || !last) return undefined;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < heap.length && this.less(l, smallest)) smallest = l;
        if (r < heap.length && this.less(r, smallest)) smallest = r;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return { time: top.time, event: top.event };
  }

  private less(i: number, j: number): boolean {
    const a = this.heap[i];
    const b = this.heap[j];
    if (!a || !b) return false;
    return a.time < b.time || (a.time === b.time && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    const a = this.heap[i];
    const b = this.heap[j];
    if (!a || !b) return;
    this.heap[i] = b;
    this.heap[j] = a;
  }
}
