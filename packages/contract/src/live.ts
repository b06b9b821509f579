// How the apps reconnect their live streams (Server-Sent Events). Every client waits a random
// part of an exponentially growing delay ("full jitter"), so clients cut off together (a node
// restarting, a load balancer failing over) come back spread out instead of all at once.

export const RECONNECT_FLOOR_MS = 250;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** Milliseconds to wait before reconnect number `attempt` (0 for the first after a drop). */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(RECONNECT_FLOOR_MS + random() * cap);
}

/** `url` with the id of the last message seen, for a reconnect that cannot send headers. */
export function withLastEventId(url: string, lastEventId: string): string {
  if (!lastEventId) return url;
  return `${url}${url.includes('?') ? '&' : '?'}last_event_id=${encodeURIComponent(lastEventId)}`;
}
