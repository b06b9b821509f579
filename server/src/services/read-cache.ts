// The shop list and shop pages kept as ready bytes (lib/cached-body.ts), per market, shop and
// content language, each for one queue version and at most VIEW_TTL_MS (time moves waits). The
// routes build an entry on a miss; the routes and the fast path in front of the router
// (lib/fast-reads.ts) read it without a query.
import { contentLanguageOf, MARKET_INFO, type Language, type Market } from '@jono/contract';
import { cachedBody, type CachedBody } from '../lib/cached-body';
import { VIEW_TTL_MS } from './queue';

interface Entry {
  version: number;
  at: number;
  body: CachedBody;
}

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
  /** Answers the fast path sent (tests and the bench read it). */
  fastAnswers = 0;
  /** Answers built (tests read it). */
  builds = 0;

  constructor(
    private readonly version: (market: Market) => number,
    private readonly now: () => number,
  ) {}

  /** The ready answer for `key` while its queue has not changed and it is not too old. */
  peek(market: Market, key: string): CachedBody | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== this.version(market)) return undefined;
    const now = this.now();
    return now >= hit.at && now - hit.at < VIEW_TTL_MS ? hit.body : undefined;
  }

  /**
   * The ready answer for `key`, built from `build` when there is none. Requests that miss while
   * a build for the same version is under way wait for it instead of building again (when an
   * answer ages out under load, every open connection misses at once: one build, not fifty).
   * A request after a change never waits for a build started before it: that one's version is
   * older, so it builds anew.
   */
  async get(market: Market, key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const ready = this.peek(market, key);
    if (ready) return ready;
    const version = this.version(market);
    const under = this.building.get(key);
    if (under && under.version === version) return under.body;
    const at = this.now();
    const flight = {
      version,
      body: build().then((value) => cachedBody(JSON.stringify(value))),
    };
    this.building.set(key, flight);
    try {
      const body = await flight.body;
      this.builds += 1;
      // A change during the build leaves the entry stale-marked: the next request rebuilds. An
      // older build finishing last does not replace a newer one.
      const kept = this.entries.get(key);
      if (!kept || kept.version < version || (kept.version === version && kept.at <= at)) {
        this.entries.set(key, { version, at, body });
      }
      return body;
    } finally {
      if (this.building.get(key) === flight) this.building.delete(key);
    }
  }
}
