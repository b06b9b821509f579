// Bearer-token checks for routes: who is calling, and may they touch this resource.
import type { FastifyRequest } from 'fastify';
import { SERVER_TEXT, type Market } from '@jono/contract';
import { HttpError, forbidden, unauthorized } from './http-error';
import type { AccessClaims, StreamTicketClaims } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is an event stream: it takes a stream ticket in `?ticket=` (EventSource cannot
     * send headers). Never an access token, a device code or any other long-lived secret.
     */
    tokenInQuery?: boolean;
  }
}

/** The bearer token of the Authorization header (never read from a URL). */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

/** The `?ticket=` of an event stream route, if the route takes one and the URL has one. */
function ticketOf(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config.tokenInQuery) return undefined;
  const query = request.query as { ticket?: unknown } | undefined;
  return typeof query?.ticket === 'string' && query.ticket.length <= 2000
    ? query.ticket
    : undefined;
}

/** The verified stream ticket of this request (401 when it is expired or forged), if it has one. */
export async function streamTicketOf(
  request: FastifyRequest,
  market: Market,
): Promise<StreamTicketClaims | undefined> {
  const ticket = ticketOf(request);
  if (ticket === undefined || bearer(request) !== undefined) return undefined;
  const claims = await request.server.streamTickets.verify(ticket);
  if (claims === 'expired') throw unauthorized('The stream ticket has expired: ask for a new one');
  if (claims === 'invalid') throw unauthorized('Invalid stream ticket');
  if (claims.market !== market) throw forbidden();
  return claims;
}

export async function claimsOf(request: FastifyRequest, market: Market): Promise<AccessClaims> {
  const ticket = await streamTicketOf(request, market);
  if (ticket) {
    if (ticket.kind === 'device') throw forbidden();
    // A stream opened with a ticket lasts as long as the session the ticket came from.
    return {
      sub: ticket.sub,
      market: ticket.market,
      kind: ticket.kind,
      pob: ticket.pob,
      role: ticket.role,
      fam: ticket.fam,
      exp: ticket.sexp,
    };
  }
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
