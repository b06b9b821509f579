// A request and a stream's message about the same cached value cross on the way: whatever order
// they arrive in, the cache ends with the message's state (live-cache.ts).
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushLive, readLive } from './live-cache';

interface Board {
  chair: 'busy' | 'draining';
  at: number;
}

/** A request whose answer the test releases when it chooses. */
function pending<T>() {
  let answer: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('a stream-fed query', () => {
  const key = ['queue', 'fi', 13];

  it('keeps a message that arrived while an older answer was on the way', async () => {
    const client = new QueryClient();
    const request = pending<Board>();
    const fetching = client.fetchQuery({
      queryKey: key,
      queryFn: () => readLive(client, key, () => request.promise),
    });
    pushLive<Board>(client, key, () => ({ chair: 'draining', at: 2 }));
    expect(client.getQueryData(key)).toEqual({ chair: 'draining', at: 2 });
    // The answer left before the change: without readLive it would be written over the message.
    request.answer({ chair: 'busy', at: 1 });
    await fetching;
    expect(client.getQueryData(key)).toEqual({ chair: 'draining', at: 2 });
  });

  it('takes the answer when no message came meanwhile, and forgets messages from before', async () => {
    const client = new QueryClient();
    pushLive<Board>(client, key, () => ({ chair: 'draining', at: 1 }));
    await client.fetchQuery({
      queryKey: key,
      queryFn: () => readLive(client, key, async () => ({ chair: 'busy', at: 2 }) as Board),
    });
    expect(client.getQueryData(key)).toEqual({ chair: 'busy', at: 2 });
  });

  it('merges partial messages onto the answer, in the order they came', async () => {
    const client = new QueryClient();
    type Shops = Record<string, number>;
    const request = pending<Shops>();
    const fetching = client.fetchQuery({
      queryKey: key,
      queryFn: () => readLive(client, key, () => request.promise),
    });
    const merge = (part: Shops) => (old: Shops | undefined) => (old ? { ...old, ...part } : old);
    pushLive<Shops>(client, key, merge({ a: 5 }));
    pushLive<Shops>(client, key, merge({ a: 7, b: 1 }));
    request.answer({ a: 3, b: 0, c: 9 });
    await fetching;
    expect(client.getQueryData(key)).toEqual({ a: 7, b: 1, c: 9 });
  });

  it('leaves other keys and other clients alone', async () => {
    const client = new QueryClient();
    const other = new QueryClient();
    const request = pending<Board>();
    const fetching = client.fetchQuery({
      queryKey: key,
      queryFn: () => readLive(client, key, () => request.promise),
    });
    pushLive<Board>(client, ['queue', 'fi', 14], () => ({ chair: 'draining', at: 2 }));
    pushLive<Board>(other, key, () => ({ chair: 'draining', at: 2 }));
    request.answer({ chair: 'busy', at: 1 });
    await fetching;
    expect(client.getQueryData(key)).toEqual({ chair: 'busy', at: 1 });
  });

  it('applies a message to each of two requests on the way, and to neither once both are back', async () => {
    const client = new QueryClient();
    const first = pending<Board>();
    const second = pending<Board>();
    const a = readLive(client, key, () => first.promise);
    const b = readLive(client, key, () => second.promise);
    pushLive<Board>(client, key, () => ({ chair: 'draining', at: 3 }));
    first.answer({ chair: 'busy', at: 1 });
    second.answer({ chair: 'busy', at: 2 });
    expect(await a).toEqual({ chair: 'draining', at: 3 });
    expect(await b).toEqual({ chair: 'draining', at: 3 });
    const later = await readLive(client, key, async () => ({ chair: 'busy', at: 4 }) as Board);
    expect(later).toEqual({ chair: 'busy', at: 4 });
  });

  it('forgets a request that failed', async () => {
    const client = new QueryClient();
    const failing = readLive(client, key, () => Promise.reject(new Error('offline')));
    await expect(failing).rejects.toThrow('offline');
    pushLive<Board>(client, key, () => ({ chair: 'draining', at: 1 }));
    expect(await readLive(client, key, async () => ({ chair: 'busy', at: 2 }) as Board)).toEqual({
      chair: 'busy',
      at: 2,
    });
  });
});

describe('a stream-fed query, over random interleavings (a model of the server, its stream and requests)', () => {
  type Step =
    | { kind: 'change' }
    | { kind: 'deliver' }
    | { kind: 'ask' }
    | { kind: 'read'; which: number }
    | { kind: 'land'; which: number };
  const step = fc.oneof(
    fc.constant<Step>({ kind: 'change' }),
    fc.constant<Step>({ kind: 'deliver' }),
    fc.constant<Step>({ kind: 'ask' }),
    fc.nat(5).map((which): Step => ({ kind: 'read', which })),
    fc.nat(5).map((which): Step => ({ kind: 'land', which })),
  );

  /**
   * The server's state is a version that each change raises; its stream sends each version in
   * order, late; a request reads the version when it reaches the server and answers later. The
   * observer refetches as the apps do (a poll, a mutation's invalidation: the request on the way
   * is dropped and a new one sent). Once every message is delivered and every answer is back, the
   * cache holds the server's version, whatever the order things happened in.
   */
  it('ends with the latest state, whatever crosses on the way', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        const key = ['board'];
        let version = 0;
        const stream: number[] = [];
        const requests: { read?: number; answer: (v: { v: number }) => void }[] = [];
        const queryFn = () =>
          readLive(
            client,
            key,
            () =>
              new Promise<{ v: number }>((resolve) => {
                requests.push({ answer: resolve });
              }),
          );
        const observer = new QueryObserver(client, { queryKey: key, queryFn });
        const stop = observer.subscribe(() => undefined);
        const flush = () => new Promise<void>((r) => setTimeout(r, 0));
        const deliver = () => {
          const v = stream.shift();
          if (v !== undefined) pushLive<{ v: number }>(client, key, () => ({ v }));
        };
        const land = (i: number) => {
          const [request] = requests.splice(i % requests.length, 1);
          request?.answer({ v: request.read ?? version });
        };
        await flush();
        for (const s of steps) {
          if (s.kind === 'change') stream.push(++version);
          else if (s.kind === 'deliver') deliver();
          else if (s.kind === 'ask') void client.refetchQueries({ queryKey: key });
          else if (requests.length > 0) {
            const request = requests[s.which % requests.length];
            if (s.kind === 'read' && request) request.read ??= version;
            else land(s.which);
          }
          await flush();
        }
        while (stream.length > 0 || requests.length > 0) {
          deliver();
          if (requests.length > 0) land(0);
          await flush();
        }
        await flush();
        stop();
        expect(client.getQueryData(key)).toEqual({ v: version });
      }),
      { numRuns: 300 },
    );
  });
});
