// A request and a stream's message about the same cached value cross on the way: whatever order
// they arrive in, the cache ends with the message's state (live-cache.ts).
import { QueryClient } from '@tanstack/react-query';
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
