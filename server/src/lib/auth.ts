// Bearer-token checks for routes: who is calling, and may they touch this resource.
import type { FastifyRequest } from 'fastify';
import { SERVER_TEXT, type Market } from '@jono/contract';
import { HttpError, forbidden, unauthorized } from './http-error';
import type { AccessClaims } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes `?access_token=` too: event streams, since EventSource cannot send headers. */
    tokenInQuery?: boolean;
  }
}

export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  // Only event streams read a token from the URL (URLs end up in histories and proxy logs).
  if (!request.routeOptions.config.tokenInQuery) return undefined;
  const query = request.query as { access_token?: unknown } | undefined;
  return typeof query?.access_token === 'string' ? query.access_token : undefined;
}

export async function claimsOf(request: FastifyRequest, market: Market): Promise<AccessClaims> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const claims = await request.server.tokens.verifyAccess(token);
  if (claims === 'expired') throw new HttpError(401, 'token_expired', SERVER_TEXT.sessionClosed);
  if (claims === 'invalid') throw unauthorized('Invalid token');
  if (claims.market !== market) throw forbidden();
  return claims;
}

/** The caller must be the customer `customerId` of this market: 401 without a token, 403 otherwise. */
export async function requireCustomer(
  request: FastifyRequest,
  market: Market,
  customerId: number,
): Promise<AccessClaims> {
  const claims = await claimsOf(request, market);
  if (claims.kind !== 'customer' || Number(claims.sub) !== customerId) throw forbidden();
  return claims;
}

/** The caller must be staff of this market; answers their shop and role. */
export async function requireStaff(
  request: FastifyRequest,
  market: Market,
): Promise<AccessClaims & { pob: number; role: 'barber' | 'manager' }> {
  const claims = await claimsOf(request, market);
  if (claims.kind !== 'staff' || typeof claims.pob !== 'number' || !claims.role) throw forbidden();
  return claims as AccessClaims & { pob: number; role: 'barber' | 'manager' };
}
