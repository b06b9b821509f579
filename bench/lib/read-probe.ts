// A read prober on its own process (bench/pglite-thread.ts): sends one GET every `interval` ms
// for `seconds`, open loop (a slow answer does not delay the next request, so a stalled server
// shows in the tail instead of hiding in fewer samples), and prints the latencies' figures as JSON.
// Usage: node --import tsx lib/read-probe.ts <url> <bearer token, or - for none> <seconds> <interval ms>
import { percentile } from './stats';

const [url, token, secondsArg, intervalArg] = process.argv.slice(2);
if (!url || !token) throw new Error('usage: read-probe.ts <url> <token> <seconds> <interval ms>');
const seconds = Number(secondsArg ?? 10);
const interval = Number(intervalArg ?? 25);

const latencies: number[] = [];
let errors = 0;
const inFlight = new Set<Promise<void>>();

async function once() {
  const t0 = performance.now();
  try {
    const res = await fetch(url as string, {
      headers: {
        ...(token === '-' ? {} : { authorization: `Bearer ${token as string}` }),
        'x-forwarded-for': '10.250.0.1',
      },
    });
    await res.arrayBuffer();
    if (res.status !== 200) errors += 1;
    else latencies.push(performance.now() - t0);
  } catch {
    errors += 1;
  }
}

const end = performance.now() + seconds * 1000;
let next = performance.now();
while (performance.now() < end) {
  const p = once();
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
  next += interval;
  await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
}
await Promise.all(inFlight);
latencies.sort((a, b) => a - b);
const ms = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
console.log(
  JSON.stringify({
    count: latencies.length,
    errors,
    p50Ms: ms(percentile(latencies, 0.5)),
    p99Ms: ms(percentile(latencies, 0.99)),
    maxMs: ms(latencies.at(-1) ?? null),
  }),
);
