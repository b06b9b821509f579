// The shop list and shop pages answered before routing: once a route has built their ready bytes
// (services/read-cache.ts), a GET or HEAD for them costs a path match, a cache look-up and one
// write, with the headers the route would send (cachedAnswer and the API's security headers).
// Anything else, or anything this cannot answer exactly as the route would (no ready bytes yet,
// a query string, a cross-origin request, the server closing), goes on to Fastify.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MARKETS, type Market } from '@jono/contract';
import {
  contentLanguage,
  READ_VARY,
  shopListKey,
  shopPageKey,
  type ReadCache,
} from '../services/read-cache';
import { cachedAnswer, type CachedBody } from './cached-body';

interface ReadyAnswer {
  status: number;
  /** Name-value pairs: the API's security headers, cachedAnswer's, and the length. */
  headers: string[];
  payload: Buffer | null;
}

/** Distinct (If-None-Match, Accept-Encoding) pairs remembered per body; others are computed. */
const ANSWERS_PER_BODY = 32;

const PATH = /^\/api\/([a-z]{2})\/pobs\/(?:([1-9]\d{0,8})\/)?$/;

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
  // cachedAnswer is a function of the body and of two request headers: its answer, headers
  // flattened, is kept per body for the header values clients send (a handful), so a request
  // costs two look-ups instead of parsing, spreading and joining (the route answers alike).
  const ready = new WeakMap<CachedBody, Map<string, ReadyAnswer>>();
  const answerFor = (req: IncomingMessage, body: CachedBody): ReadyAnswer => {
    const key = `${req.headers['if-none-match'] ?? ''}\n${req.headers['accept-encoding'] ?? ''}`;
    let known = ready.get(body);
    const hit = known?.get(key);
    if (hit) return hit;
    const answer = cachedAnswer(req.headers, body, READ_VARY);
    const headers = [...apiHeaders, ...Object.entries(answer.headers).flat()];
    if (answer.payload) headers.push('content-length', String(answer.payload.length));
    const made = { status: answer.status, headers, payload: answer.payload };
    if (!known) {
      known = new Map();
      ready.set(body, known);
    }
    if (known.size < ANSWERS_PER_BODY) known.set(key, made);
    return made;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const match = PATH.exec(req.url ?? '');
    if (!match || req.headers.origin !== undefined || !options.open()) return false;
    const market = match[1] as Market;
    if (!(MARKETS as readonly string[]).includes(market) || !options.markets.has(market)) {
      return false;
    }
    const startedAt = process.hrtime.bigint();
    const language = contentLanguage(market, req.headers['accept-language']);
    const key = match[2]
      ? shopPageKey(market, Number(match[2]), language)
      : shopListKey(market, language);
    const body = options.reads.peek(market, key);
    if (!body) return false;
    const answer = answerFor(req, body);
    // Name-value pairs in one flat array: node:http takes them without building an object.
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' ? undefined : (answer.payload ?? undefined));
    options.reads.fastAnswers += 1;
    options.log?.(req, answer.status, startedAt);
    return true;
  };
}
