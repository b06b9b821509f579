// The read cache (services/read-cache.ts) builds one answer per key and queue version at a time:
// when an answer ages out under load every open connection misses at once, and they wait for one
// build instead of each building; a request after a change never gets a build started before it.
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/services/read-cache';
import { VIEW_TTL_MS } from '../src/services/queue';

/** A build that resolves when told to, counting how often it was started. */
function gate() {
  let starts = 0;
  const waiting: ((value: unknown) => void)[] = [];
  return {
    build: () => {
      starts += 1;
      return new Promise<unknown>((resolve) => waiting.push(resolve));
    },
    starts: () => starts,
    finish: (i: number, value: unknown) => waiting[i]?.(value),
  };
}

const text = (body: { identity: Buffer }) => body.identity.toString();

describe('read cache', () => {
  it('builds once for misses that come while a build is under way', async () => {
    let now = 0;
    const cache = new ReadCache(
      () => 1,
      () => now,
    );
    const g = gate();
    const answers = Array.from({ length: 50 }, () => cache.get('fi', 'k', g.build));
    expect(g.starts()).toBe(1);
    g.finish(0, { a: 1 });
    const bodies = await Promise.all(answers);
    expect(new Set(bodies).size).toBe(1);
    expect(text(bodies[0]!)).toBe('{"a":1}');
    expect(cache.builds).toBe(1);
    // Ready now: no build at all.
    await cache.get('fi', 'k', g.build);
    expect(g.starts()).toBe(1);
    // Aged out (time moves waits): one build again for all that miss together.
    now += VIEW_TTL_MS;
    const again = Array.from({ length: 10 }, () => cache.get('fi', 'k', g.build));
    expect(g.starts()).toBe(2);
    g.finish(1, { a: 2 });
    expect((await Promise.all(again)).map(text)).toEqual(Array(10).fill('{"a":2}'));
  });

  it('never answers a request after a change with a build started before it', async () => {
    let version = 1;
    const cache = new ReadCache(
      () => version,
      () => 0,
    );
    const g = gate();
    const before = cache.get('fi', 'k', g.build);
    version = 2; // the queue changed while the first build ran
    const after = cache.get('fi', 'k', g.build);
    expect(g.starts()).toBe(2);
    // The newer build finishes first; the older one, finishing last, does not replace it.
    g.finish(1, { state: 'after' });
    expect(text(await after)).toBe('{"state":"after"}');
    g.finish(0, { state: 'before' });
    expect(text(await before)).toBe('{"state":"before"}');
    expect(text(cache.peek('fi', 'k')!)).toBe('{"state":"after"}');
    // Misses of the same version share only builds of that version.
    version = 3;
    expect(cache.peek('fi', 'k')).toBeUndefined();
  });

  it('a failed build fails the requests that waited for it, and the next one builds again', async () => {
    const cache = new ReadCache(
      () => 1,
      () => 0,
    );
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('no such shop'));
    };
    const both = [cache.get('fi', 'k', failing), cache.get('fi', 'k', failing)];
    await expect(both[0]).rejects.toThrow('no such shop');
    await expect(both[1]).rejects.toThrow('no such shop');
    expect(calls).toBe(1);
    await expect(cache.get('fi', 'k', failing)).rejects.toThrow('no such shop');
    expect(calls).toBe(2);
    expect(cache.peek('fi', 'k')).toBeUndefined();
  });
});
