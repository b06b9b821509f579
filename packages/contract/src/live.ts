// How the apps reconnect their live streams (Server-Sent Events). Every client waits a random
// part of an exponentially growing delay ("full jitter"), so clients cut off together (a node
// restarting, a load balancer failing over) come back spread out instead of all at once.

export const RECONNECT_FLOOR_MS = 250;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Reconnects a node takes per second without its listen queue overflowing or the first messages
 * waiting long (issue 29: 10,000 clients back within a second took 6.1-6.6 s to all get their
 * first message, the kernel dropping 12-17k SYNs): a node holding N streams asks its clients to
 * spread their first reconnect over N / RECONNECTS_PER_SECOND seconds.
 */
export const RECONNECTS_PER_SECOND = 4_000;

/**
 * The window (ms) over which a node holding `streams` streams asks its clients to spread their
 * first reconnect after a drop: sent as the streams' `retry:` field. At least RECONNECT_BASE_MS,
 * at most RECONNECT_MAX_MS.
 */
export function reconnectSpreadMs(streams: number): number {
  const spread = Math.ceil((Math.max(0, streams) / RECONNECTS_PER_SECOND) * 1000);
  return Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_BASE_MS, spread));
}

/**
 * Milliseconds to wait before reconnect number `attempt` (0 for the first after a drop): a random
 * part of a window that doubles with every attempt, starting from `spreadMs` (the node's `retry:`
 * field, when the client knows it).
 */
export function reconnectDelayMs(
  attempt: number,
  random: () => number = Math.random,
  spreadMs: number = RECONNECT_BASE_MS,
): number {
  const first = Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_BASE_MS, spreadMs));
  const cap = Math.min(RECONNECT_MAX_MS, first * 2 ** Math.max(0, attempt));
  return Math.round(RECONNECT_FLOOR_MS + random() * cap);
}

/** `url` with the id of the last message seen, for a reconnect that cannot send headers. */
export function withLastEventId(url: string, lastEventId: string): string {
  if (!lastEventId) return url;
  return `${url}${url.includes('?') ? '&' : '?'}last_event_id=${encodeURIComponent(lastEventId)}`;
}
