// An answer kept as ready bytes: the JSON text once, its gzip and brotli copies, and a strong
// ETag, so a cached read costs a header check and one write (304 when the client has it).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function cachedBody(json: string): CachedBody {
  const identity = Buffer.from(json);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** What to answer a request for `body`: 304 when the client's copy matches, else the best encoding. */
export interface CachedAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  payload: Buffer | null;
}

/**
 * The answer to a request with these headers for `body`; `vary`: the request headers besides
 * Accept-Encoding that chose the body (for shared caches). One function for the route and for
 * the fast path in front of the router (lib/fast-reads.ts), so both answer alike.
 */
export function cachedAnswer(
  headers: IncomingHttpHeaders,
  body: CachedBody,
  vary: readonly string[] = [],
): CachedAnswer {
  const common = {
    etag: body.etag,
    'cache-control': 'no-cache',
    vary: ['accept-encoding', ...vary].join(', '),
  };
  if (matches(headers['if-none-match'], body.etag)) {
    return { status: 304, headers: common, payload: null };
  }
  const encoding = preferredEncoding(headers['accept-encoding']);
  const payload = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity;
  return {
    status: 200,
    headers: {
      ...common,
      'content-type': JSON_TYPE,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    },
    payload,
  };
}

/** Sends `body` as JSON (see cachedAnswer). */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  vary: readonly string[] = [],
) {
  const answer = cachedAnswer(request.headers, body, vary);
  reply.code(answer.status).headers(answer.headers);
  return answer.payload ? reply.send(answer.payload) : reply.send();
}
