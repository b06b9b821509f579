// The read cache (services/read-cache.ts) builds one answer per key and queue version at a time:
// when an answer ages out under load every open connection misses at once, and they wait for one
// build instead of each building; a request after a change never gets a build started before it.
import { describe, expect, it } from 'vitest';
import { REFRESH_AHEAD_MS, ReadCache } from '../src/services/read-cache';
import { VIEW_TTL_MS } from '../src/services/queue';

/** A build that resolves when told to, counting how often it was started and with what `since`. */
function gate() {
  let starts = 0;
  const sinces: (number | undefined)[] = [];
  const waiting: { resolve: (value: unknown) => void; reject: (err: Error) => void }[] = [];
  return {
    build: (since?: number) => {
      starts += 1;
      sinces.push(since);
      return new Promise<unknown>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    starts: () => starts,
    sinces,
    finish: (i: number, value: unknown) => waiting[i]?.resolve(value),
    fail: (i: number, err: Error) => waiting[i]?.reject(err),
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

  it('builds an entry read in its last seconds again in the background, its readers never waiting', async () => {
    let now = 0;
    const cache = new ReadCache(
      () => 1,
      () => now,
    );
    const g = gate();
    const first = cache.get('fi', 'k', g.build);
    g.finish(0, { a: 1 });
    await first;
    // A first build takes the views as they are cached (no `since`).
    expect(g.sinces).toEqual([undefined]);
    now = VIEW_TTL_MS - REFRESH_AHEAD_MS - 1;
    expect(text(cache.peek('fi', 'k')!)).toBe('{"a":1}');
    expect(g.starts()).toBe(1);
    // In its last REFRESH_AHEAD_MS: still answered, and built again once, from views computed
    // at most REFRESH_AHEAD_MS ago, however many read it meanwhile.
    now = VIEW_TTL_MS - REFRESH_AHEAD_MS;
    for (let i = 0; i < 20; i++) expect(text(cache.peek('fi', 'k')!)).toBe('{"a":1}');
    expect(text(await cache.get('fi', 'k', g.build))).toBe('{"a":1}');
    expect(g.starts()).toBe(2);
    expect(g.sinces[1]).toBe(now - REFRESH_AHEAD_MS);
    g.finish(1, { a: 2 });
    await cache.settled();
    expect(text(cache.peek('fi', 'k')!)).toBe('{"a":2}');
    // The new entry's age counts from the views it asked for, not from when it was built.
    const since = VIEW_TTL_MS - 2 * REFRESH_AHEAD_MS;
    now = since + VIEW_TTL_MS - REFRESH_AHEAD_MS - 1;
    cache.peek('fi', 'k');
    expect(g.starts()).toBe(2);
    now += 1;
    cache.peek('fi', 'k');
    expect(g.starts()).toBe(3);
  });

  it('never answers an entry past VIEW_TTL_MS: a refresh not done by then is waited for', async () => {
    let now = 0;
    const cache = new ReadCache(
      () => 1,
      () => now,
    );
    const g = gate();
    const first = cache.get('fi', 'k', g.build);
    g.finish(0, { a: 1 });
    await first;
    now = VIEW_TTL_MS - 1;
    expect(cache.peek('fi', 'k')).toBeDefined();
    expect(g.starts()).toBe(2);
    now = VIEW_TTL_MS;
    expect(cache.peek('fi', 'k')).toBeUndefined();
    const waiting = Array.from({ length: 5 }, () => cache.get('fi', 'k', g.build));
    // They share the refresh under way: no third build.
    expect(g.starts()).toBe(2);
    g.finish(1, { a: 2 });
    expect((await Promise.all(waiting)).map(text)).toEqual(Array(5).fill('{"a":2}'));
  });

  it('after a change, answers nothing built before it, a refresh ahead included', async () => {
    let now = 0;
    let version = 1;
    const cache = new ReadCache(
      () => version,
      () => now,
    );
    const g = gate();
    const first = cache.get('fi', 'k', g.build);
    g.finish(0, { state: 'before' });
    await first;
    now = VIEW_TTL_MS - 1;
    cache.peek('fi', 'k');
    expect(g.starts()).toBe(2);
    version = 2; // the queue changed while the refresh ran
    expect(cache.peek('fi', 'k')).toBeUndefined();
    const after = cache.get('fi', 'k', g.build);
    expect(g.starts()).toBe(3);
    g.finish(2, { state: 'after' });
    expect(text(await after)).toBe('{"state":"after"}');
    // The refresh of the older version, finishing last, does not replace the newer entry.
    g.finish(1, { state: 'refreshed before' });
    await cache.settled();
    expect(text(cache.peek('fi', 'k')!)).toBe('{"state":"after"}');
  });

  it('a failed refresh is reported, tried once, and the entry ages out as before', async () => {
    let now = 0;
    const failures: unknown[] = [];
    const cache = new ReadCache(
      () => 1,
      () => now,
      (err) => failures.push(err),
    );
    const g = gate();
    const first = cache.get('fi', 'k', g.build);
    g.finish(0, { a: 1 });
    await first;
    now = VIEW_TTL_MS - REFRESH_AHEAD_MS;
    cache.peek('fi', 'k');
    g.fail(1, new Error('database away'));
    await cache.settled();
    expect(failures).toHaveLength(1);
    for (let i = 0; i < 5; i++) expect(text(cache.peek('fi', 'k')!)).toBe('{"a":1}');
    expect(g.starts()).toBe(2);
    now = VIEW_TTL_MS;
    const next = cache.get('fi', 'k', g.build);
    expect(g.starts()).toBe(3);
    g.finish(2, { a: 3 });
    expect(text(await next)).toBe('{"a":3}');
  });

  it('starts no refresh once closed', async () => {
    let now = 0;
    const cache = new ReadCache(
      () => 1,
      () => now,
    );
    const g = gate();
    const first = cache.get('fi', 'k', g.build);
    g.finish(0, { a: 1 });
    await first;
    await cache.close();
    now = VIEW_TTL_MS - 1;
    expect(cache.peek('fi', 'k')).toBeDefined();
    expect(g.starts()).toBe(1);
  });
});
