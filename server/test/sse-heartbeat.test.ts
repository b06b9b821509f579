// The streams' heartbeats (services/sse.ts): every stream hears something at least every
// HEARTBEAT_MS whatever else it is sent and whenever it opened, a stream with news gets no
// heartbeat, and streams opened together (a reconnect storm) do not all fall due in one tick.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, HEARTBEAT_TICK_MS, SseStream, SseStreams } from '../src/services/sse';

const T0 = Date.UTC(2026, 10, 27, 3, 0, 0);
const HEARTBEAT = ': heartbeat\n\n';

class FakeResponse extends EventEmitter {
  writableLength = 0;
  /** [time, heartbeat?] of every write. */
  readonly writes: [number, boolean][] = [];
  constructor(private readonly clock: () => number) {
    super();
  }
  write(bytes: Buffer | string): boolean {
    this.writes.push([this.clock(), String(bytes) === HEARTBEAT]);
    return true;
  }
  end(): void {
    this.emit('close');
  }
  destroy(): void {
    this.emit('close');
  }
}

function setUp(random: () => number = Math.random) {
  const clock = { now: T0 };
  const now = () => clock.now;
  const streams = new SseStreams(undefined, now, random);
  const open = (): FakeResponse => {
    const raw = new FakeResponse(now);
    raw.write('retry: 1000\n\n');
    streams.adopt(new SseStream(raw as unknown as ServerResponse, undefined, now));
    return raw;
  };
  return { clock, streams, open };
}

/** The longest silence of a stream from its first write until `end`. */
function longestSilence(raw: FakeResponse, end: number): number {
  let longest = 0;
  let last = raw.writes[0]?.[0] ?? end;
  for (const [at] of raw.writes) {
    longest = Math.max(longest, at - last);
    last = at;
  }
  return Math.max(longest, end - last);
}

describe('heartbeats', () => {
  it('reach every stream at least every HEARTBEAT_MS, and not a stream that has news', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Streams opened at random moments, data sent to some, the timer firing anywhere in its tick.
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(29), fc.integer({ min: 0, max: 120_000 })), { maxLength: 60 }),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        async (openAt, sends, phases, seed) => {
          const { clock, streams, open } = setUp(() => seed);
          const raws: (FakeResponse | undefined)[] = [];
          const streamsOf: SseStream[] = [];
          const end = T0 + 180_000;
          const opens = [...openAt].sort((a, b) => a - b);
          const data = [...sends].sort((a, b) => a[1] - b[1]);
          let tick = 0;
          while (clock.now < end) {
            // The timer fires once per tick, at some moment of it.
            const phase = phases[tick % phases.length] ?? 0;
            const fireAt = T0 + tick * HEARTBEAT_TICK_MS + phase * HEARTBEAT_TICK_MS;
            while (opens.length > 0 && T0 + (opens[0] ?? 0) <= fireAt) {
              clock.now = Math.max(clock.now, T0 + (opens.shift() ?? 0));
              const raw = open();
              raws.push(raw);
              streamsOf.push(
                [...(streams as unknown as { open: Set<SseStream> }).open].at(-1) as SseStream,
              );
            }
            while (data.length > 0 && T0 + (data[0]?.[1] ?? 0) <= fireAt) {
              const [which, at] = data.shift() as [number, number];
              clock.now = Math.max(clock.now, T0 + at);
              streamsOf[which % Math.max(1, streamsOf.length)]?.write(Buffer.from('data: {}\n\n'));
            }
            clock.now = Math.max(clock.now, fireAt);
            await streams.beat();
            tick += 1;
          }
          for (const raw of raws) {
            if (!raw) continue;
            expect(longestSilence(raw, end)).toBeLessThanOrEqual(HEARTBEAT_MS);
            // A heartbeat only after a silence of nearly HEARTBEAT_MS, but the first (at a random
            // moment: a storm's streams spread).
            let last = raw.writes[0]?.[0] ?? 0;
            let first = true;
            for (const [at, beat] of raw.writes) {
              if (beat) {
                expect(at - last).toBeGreaterThanOrEqual(
                  first ? 0 : HEARTBEAT_MS - 2 * HEARTBEAT_TICK_MS,
                );
                first = false;
              }
              last = at;
            }
          }
          streams.stop();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('spreads the heartbeats of streams opened together over many ticks', async () => {
    const { clock, streams, open } = setUp();
    const raws = Array.from({ length: 10_000 }, () => open());
    const perTick: number[] = [];
    let before = 0;
    // Two and a quarter heartbeat intervals of ticks: every stream's first heartbeat and a second.
    const ticks = Math.ceil((2.25 * HEARTBEAT_MS) / HEARTBEAT_TICK_MS);
    for (let t = 1; t <= ticks; t++) {
      clock.now = T0 + t * HEARTBEAT_TICK_MS;
      await streams.beat();
      const written = raws.reduce((n, r) => n + r.writes.filter(([, beat]) => beat).length, 0);
      perTick.push(written - before);
      before = written;
    }
    // Every stream had its first heartbeat within HEARTBEAT_MS, none in one tick with all others.
    for (const raw of raws)
      expect(longestSilence(raw, clock.now)).toBeLessThanOrEqual(HEARTBEAT_MS);
    // Spread evenly, a tick writes 10,000 x HEARTBEAT_TICK_MS / HEARTBEAT_MS; never four times
    // that, and never more than one slice of writes (100, a few milliseconds of the event loop):
    // ticks of a second wrote about 500 together here, and the busy hour's deliveries waited.
    expect(Math.max(...perTick)).toBeLessThan((4 * 10_000 * HEARTBEAT_TICK_MS) / HEARTBEAT_MS);
    expect(Math.max(...perTick)).toBeLessThanOrEqual(100);
    expect(perTick.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(20_000);
    streams.stop();
  });

  it('forgets a closed stream', async () => {
    const { clock, streams, open } = setUp();
    const raw = open();
    raw.end();
    expect(streams.size).toBe(0);
    clock.now = T0 + 2 * HEARTBEAT_MS;
    await streams.beat();
    expect(raw.writes.filter(([, beat]) => beat)).toEqual([]);
    streams.stop();
  });
});
