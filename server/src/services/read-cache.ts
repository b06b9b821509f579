// The shop list and shop pages kept as ready bytes (lib/cached-body.ts), per market, shop and
// content language, each for one queue version and at most VIEW_TTL_MS (time moves waits). The
// routes build an entry on a miss; the routes and the fast path in front of the router
// (lib/fast-reads.ts) read it without a query.
//
// An entry read in its last REFRESH_AHEAD_MS is built again in the background while it is still
// answered, so that its readers never wait for the rebuild that time alone asks for (issue 29:
// every 30 s, every open connection of a busy page used to wait for one build of its queries,
// and every 10 minutes for the shops' history as well). The new entry's views are computed for
// it (none older than REFRESH_AHEAD_MS), so no answer shows estimates older than VIEW_TTL_MS.
// After a change, nothing old is answered: the next request builds (and waits) as before.
import { contentLanguageOf, MARKET_INFO, type Language, type Market } from '@jono/contract';
import { cachedBody, type CachedBody } from '../lib/cached-body';
import { VIEW_TTL_MS } from './queue';

/**
 * Builds an answer. `since`: when given, the answer's live queue views must have been computed
 * at or after it (a refresh ahead of the age-out asks so); else any view still fresh serves.
 */
export type ReadBuild = (since?: number) => Promise<unknown>;

interface Entry {
  version: number;
  /** When its data was read: the entry answers until `at + VIEW_TTL_MS`. */
  at: number;
  body: CachedBody;
  build: ReadBuild;
  /** A refresh ahead was started for this entry (one try: a failed one leaves it to age out). */
  refreshing: boolean;
}

/** How long before its age-out a read entry is built again in the background. */
export const REFRESH_AHEAD_MS = 5_000;

/** Answers depend on Accept-Language (Vary): the content language is part of the key. */
export const READ_VARY: readonly string[] = ['accept-language'];

/**
 * The content language a request asks for, or null for the market's own texts (no header, a
 * language Jono does not have, or the market's language itself: one entry for all three).
 */
export function contentLanguage(market: Market, header: string | undefined): Language | null {
  const language = contentLanguageOf(header);
  return language === MARKET_INFO[market].language ? null : language;
}

export const shopListKey = (market: Market, language: Language | null) =>
  `${market}:list:${language ?? ''}`;
export const shopPageKey = (market: Market, id: number, language: Language | null) =>
  `${market}:${id}:${language ?? ''}`;

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Builds under way, per key, with the version each started at. */
  private readonly building = new Map<string, { version: number; body: Promise<CachedBody> }>();
  /** Refreshes ahead under way (settled() waits for them). */
  private readonly refreshes = new Set<Promise<unknown>>();
  private closed = false;
  /** Answers the fast path sent (tests and the bench read it). */
  fastAnswers = 0;
  /** Answers built (tests read it). */
  builds = 0;

  constructor(
    private readonly version: (market: Market) => number,
    private readonly now: () => number,
    /** Hears a refresh ahead that failed (the entry then ages out and the next read builds). */
    private readonly onRefreshError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * The ready answer for `key` while its queue has not changed and it is not too old. Read in
   * its last REFRESH_AHEAD_MS, it is built again in the background (once) while still answered.
   */
  peek(market: Market, key: string): CachedBody | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const version = this.version(market);
    if (hit.version !== version) return undefined;
    const now = this.now();
    const age = now - hit.at;
    if (age < 0 || age >= VIEW_TTL_MS) return undefined;
    if (age >= VIEW_TTL_MS - REFRESH_AHEAD_MS && !hit.refreshing && !this.closed) {
      hit.refreshing = true;
      this.refreshAhead(key, version, now, hit.build);
    }
    return hit.body;
  }

  /**
   * The ready answer for `key`, built from `build` when there is none. Requests that miss while
   * a build for the same version is under way wait for it instead of building again (when an
   * answer ages out under load, every open connection misses at once: one build, not fifty).
   * A request after a change never waits for a build started before it: that one's version is
   * older, so it builds anew.
   */
  async get(market: Market, key: string, build: ReadBuild): Promise<CachedBody> {
    const ready = this.peek(market, key);
    if (ready) return ready;
    const version = this.version(market);
    const under = this.building.get(key);
    if (under && under.version === version) return under.body;
    return this.start(key, version, this.now(), build);
  }

  /** Resolves once no refresh ahead is under way; none starts after `close()`. */
  async settled(): Promise<void> {
    while (this.refreshes.size > 0) await Promise.allSettled([...this.refreshes]);
  }

  close(): Promise<void> {
    this.closed = true;
    return this.settled();
  }

  /**
   * Builds the entry again for the same version, from views computed at most REFRESH_AHEAD_MS
   * before now: the new entry counts its age from then. Readers keep the current entry meanwhile;
   * a change before it finishes makes its result stale-marked like any build's.
   */
  private refreshAhead(key: string, version: number, now: number, build: ReadBuild): void {
    if (this.building.get(key)?.version === version) return;
    const since = now - REFRESH_AHEAD_MS;
    const task: Promise<unknown> = this.start(key, version, since, build, since)
      .catch(this.onRefreshError)
      .finally(() => this.refreshes.delete(task));
    this.refreshes.add(task);
  }

  /**
   * One build of `key` at `version`, its data read at or after `at`; `since` is handed to the
   * build (views computed before it are computed again).
   */
  private async start(
    key: string,
    version: number,
    at: number,
    build: ReadBuild,
    since?: number,
  ): Promise<CachedBody> {
    const flight = {
      version,
      body: build(since).then((value) => cachedBody(JSON.stringify(value))),
    };
    this.building.set(key, flight);
    try {
      const body = await flight.body;
      this.builds += 1;
      // A change during the build leaves the entry stale-marked: the next request rebuilds. An
      // older build finishing last does not replace a newer one.
      const kept = this.entries.get(key);
      if (!kept || kept.version < version || (kept.version === version && kept.at <= at)) {
        this.entries.set(key, { version, at, body, build, refreshing: false });
      }
      return body;
    } finally {
      if (this.building.get(key) === flight) this.building.delete(key);
    }
  }
}
