// The shop list and shop pages answered before routing: once a route has built their ready bytes
// (services/read-cache.ts), a GET or HEAD for them costs a few look-ups and one write, with the
// headers the route would send (cachedAnswer and the API's security headers). Anything else, or
// anything this cannot answer exactly as the route would (no ready bytes yet, a query string, a
// cross-origin request, the server closing), goes on to Fastify.
//
// A ready read should cost what node:http writing the same bytes costs (issue 29), so nothing
// here is computed per request that depends only on a few values clients repeat: the path's
// market and cache keys are kept per path, the content language per Accept-Language value, and
// the finished answer (status, flattened headers, payload) per body, Accept-Encoding and
// If-None-Match. The four request headers are read from the raw name-value pairs: building
// `req.headers` (an object per request whose keys V8 adds one by one) was the largest share of
// this path's own time in a server as large as Jono.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  contentLanguageOf,
  MARKET_INFO,
  MARKETS,
  type Language,
  type Market,
} from '@jono/contract';
import { READ_VARY, shopListKey, shopPageKey, type ReadCache } from '../services/read-cache';
import { cachedAnswer, type CachedBody } from './cached-body';

interface ReadyAnswer {
  status: number;
  /** Name-value pairs: the API's security headers, cachedAnswer's, and the length. */
  headers: string[];
  payload: Buffer | null;
}

/** Distinct (Accept-Encoding, If-None-Match) pairs remembered per body; others are computed. */
const ANSWERS_PER_BODY = 32;
/** Paths and Accept-Language values remembered; others are parsed per request. */
const PATHS_KEPT = 4096;
const LANGUAGES_KEPT = 256;

const PATH = /^\/api\/([a-z]{2})\/pobs\/(?:([1-9]\d{0,8})\/)?$/;

/** A path this answers: its market and its cache key per content language. */
interface Target {
  market: Market;
  /** The market's own language: asked for, it is the entry without a language. */
  own: Language;
  keyOf: (language: Language | null) => string;
  keys: Map<Language | null, string>;
}

/** The request headers a ready answer depends on, as node:http would give them. */
export interface ReadHeaders {
  origin: boolean;
  acceptLanguage: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** Joins a repeated header as node:http does for these four (`a, b`). */
const join = (was: string | undefined, value: string) =>
  was === undefined ? value : `${was}, ${value}`;

/**
 * The four headers of a request from its raw name-value pairs, matched without regard to case
 * and repeated ones joined with ", ", as `req.headers` has them.
 */
export function readHeaders(raw: readonly string[]): ReadHeaders {
  const out: ReadHeaders = {
    origin: false,
    acceptLanguage: undefined,
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
  };
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const length = name.length;
    if (length !== 6 && length !== 13 && length !== 15) continue;
    const value = raw[i + 1] as string;
    const lower = name.toLowerCase();
    if (lower === 'accept-encoding') out.acceptEncoding = join(out.acceptEncoding, value);
    else if (lower === 'accept-language') out.acceptLanguage = join(out.acceptLanguage, value);
    else if (lower === 'if-none-match') out.ifNoneMatch = join(out.ifNoneMatch, value);
    else if (lower === 'origin') out.origin = true;
  }
  return out;
}

export interface FastReadOptions {
  reads: ReadCache;
  markets: ReadonlySet<Market>;
  /** The security headers of every API answer (plugins/security.ts). */
  apiHeaders: Readonly<Record<string, string>>;
  /** Whether the route can be skipped now (false while closing: Fastify answers 503 then). */
  open: () => boolean;
  /** Logs a served answer (as Fastify's request log would), when request logging is on. */
  log?: (req: IncomingMessage, status: number, startedAt: bigint) => void;
}

/** Answers `req` when it is a ready read; false: the caller hands it to Fastify. */
export function fastReads(options: FastReadOptions) {
  const apiHeaders = Object.entries(options.apiHeaders).flat();
  const { reads, log } = options;

  const targets = new Map<string, Target>();
  const targetOf = (url: string): Target | undefined => {
    const known = targets.get(url);
    if (known) return known;
    const match = PATH.exec(url);
    if (!match) return undefined;
    const market = match[1] as Market;
    if (!(MARKETS as readonly string[]).includes(market) || !options.markets.has(market)) {
      return undefined;
    }
    const id = match[2] ? Number(match[2]) : null;
    const target: Target = {
      market,
      own: MARKET_INFO[market].language,
      keyOf:
        id === null
          ? (language) => shopListKey(market, language)
          : (language) => shopPageKey(market, id, language),
      keys: new Map(),
    };
    if (targets.size < PATHS_KEPT) targets.set(url, target);
    return target;
  };
  const keyFor = (target: Target, language: Language | null): string => {
    let key = target.keys.get(language);
    if (key === undefined) {
      key = target.keyOf(language);
      target.keys.set(language, key);
    }
    return key;
  };

  // contentLanguageOf per Accept-Language value (the same handful from every client).
  const languages = new Map<string, Language | null>();
  const languageOf = (header: string | undefined): Language | null => {
    if (header === undefined) return null;
    let language = languages.get(header);
    if (language === undefined) {
      language = contentLanguageOf(header);
      if (languages.size < LANGUAGES_KEPT) languages.set(header, language);
    }
    return language;
  };

  // cachedAnswer is a function of the body and of two request headers: its answer, headers
  // flattened, is kept per body for the header values clients send, so a request costs two
  // look-ups instead of parsing, spreading and joining (the route answers alike).
  const ready = new WeakMap<
    CachedBody,
    { count: number; byEncoding: Map<string, Map<string, ReadyAnswer>> }
  >();
  const answerFor = (body: CachedBody, encoding: string, ifNoneMatch: string): ReadyAnswer => {
    let known = ready.get(body);
    const byMatch = known?.byEncoding.get(encoding);
    const hit = byMatch?.get(ifNoneMatch);
    if (hit) return hit;
    const answer = cachedAnswer(
      { 'accept-encoding': encoding || undefined, 'if-none-match': ifNoneMatch || undefined },
      body,
      READ_VARY,
    );
    const headers = [...apiHeaders, ...Object.entries(answer.headers).flat()];
    if (answer.payload) headers.push('content-length', String(answer.payload.length));
    const made = { status: answer.status, headers, payload: answer.payload };
    if (!known) {
      known = { count: 0, byEncoding: new Map() };
      ready.set(body, known);
    }
    if (known.count < ANSWERS_PER_BODY) {
      let map = byMatch;
      if (!map) {
        map = new Map();
        known.byEncoding.set(encoding, map);
      }
      map.set(ifNoneMatch, made);
      known.count += 1;
    }
    return made;
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const target = targetOf(req.url ?? '');
    if (!target || !options.open()) return false;
    const headers = readHeaders(req.rawHeaders);
    if (headers.origin) return false;
    const startedAt = log ? process.hrtime.bigint() : 0n;
    const language = languageOf(headers.acceptLanguage);
    const body = reads.peek(
      target.market,
      keyFor(target, language === target.own ? null : language),
    );
    if (!body) return false;
    const answer = answerFor(body, headers.acceptEncoding ?? '', headers.ifNoneMatch ?? '');
    // Name-value pairs in one flat array: node:http takes them without building an object.
    res.writeHead(answer.status, answer.headers);
    res.end(method === 'HEAD' ? undefined : (answer.payload ?? undefined));
    reads.fastAnswers += 1;
    if (log) log(req, answer.status, startedAt);
    return true;
  };
}
