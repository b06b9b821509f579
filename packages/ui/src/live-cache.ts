// A cached answer fed by a live stream as well as by requests. The two cross: a request can leave
// before a change and answer after the stream's message about it has been written into the cache,
// and TanStack Query then writes the older answer over the newer message (a staff tablet showed a
// chair on duty for the minute until its next poll after another tablet took it off duty). The
// rule, in one place: a request's answer is older than every message that arrived while it was on
// the way, so those messages are applied again on top of it. Every stream-fed query writes its
// messages with `pushLive` and reads with `readLive` in its queryFn.
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How a message changes the cached value (undefined: it leaves the value as it is). */
export type LiveUpdate<T> = (cached: T | undefined) => T | undefined;

/** Per client and query key: the messages heard by each request still on the way. */
const readings = new WeakMap<QueryClient, Map<string, Set<LiveUpdate<unknown>[]>>>();

function inFlight(client: QueryClient, key: QueryKey): Set<LiveUpdate<unknown>[]> {
  let byKey = readings.get(client);
  if (!byKey) {
    byKey = new Map();
    readings.set(client, byKey);
  }
  const hash = hashKey(key);
  let set = byKey.get(hash);
  if (!set) {
    set = new Set();
    byKey.set(hash, set);
  }
  return set;
}

/** Writes a stream's message into the cache, and into the answer of every request on the way. */
export function pushLive<T>(client: QueryClient, key: QueryKey, update: LiveUpdate<T>): void {
  for (const heard of inFlight(client, key)) heard.push(update as LiveUpdate<unknown>);
  client.setQueryData<T>(key, update);
}

/**
 * Runs a query's request; its answer comes back with every message that arrived meanwhile applied
 * to it, in order (a whole value replaces it; a partial one is merged as the stream merges it).
 */
export async function readLive<T>(
  client: QueryClient,
  key: QueryKey,
  read: () => Promise<T>,
): Promise<T> {
  const heard: LiveUpdate<unknown>[] = [];
  const set = inFlight(client, key);
  set.add(heard);
  try {
    const answer = await read();
    return heard.reduce<T>((value, update) => (update(value) as T | undefined) ?? value, answer);
  } finally {
    set.delete(heard);
    if (set.size === 0) readings.get(client)?.delete(hashKey(key));
  }
}
