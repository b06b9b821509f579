// Authentication before validation: a caller without the right token learns nothing, not even
// which fields a body needs. Classifies routes by their path pattern; handlers check again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MARKETS, pathId, type Market } from '@jono/contract';
import { claimsOf, requireCustomer, requireStaff } from '../lib/auth';
import { staffCaller } from '../services/staff-auth';
import { operatorCaller } from '../services/operator-auth';
import { requireDevice } from '../services/devices';
import { MANAGER_TAG } from '../routes/params';

const API = '/api/:market';
const PUBLIC_STAFF = new Set([`${API}/staff/login/`, `${API}/staff/login`]);
const SELF = new Set([`${API}/password/`, `${API}/logout/`]);

export type RouteAccess =
  'public' | 'customer' | 'staff' | 'operator' | 'self' | 'display' | 'kiosk';

export function accessOf(url: string): RouteAccess {
  if (!url.startsWith(`${API}/`)) return 'public';
  if (url.startsWith(`${API}/customers/:id`)) return 'customer';
  if (url.startsWith(`${API}/staff/`) && !PUBLIC_STAFF.has(url)) return 'staff';
  if (url.startsWith(`${API}/operator/`)) return 'operator';
  if (SELF.has(url)) return 'self';
  if (url.startsWith(`${API}/display/`)) return 'display';
  if (url.startsWith(`${API}/kiosk/`)) return 'kiosk';
  return 'public';
}

async function authenticate(request: FastifyRequest): Promise<void> {
  const url = request.routeOptions.url;
  if (!url) return;
  const access = accessOf(url);
  if (access === 'public') return;
  const { market, id } = request.params as { market?: string; id?: string };
  // An unknown market is refused by validation; there is nothing to protect.
  if (!market || !(MARKETS as readonly string[]).includes(market)) return;
  const m = market as Market;
  if (access === 'customer') {
    const customerId = Number(id);
    await requireCustomer(request, m, Number.isInteger(customerId) ? customerId : -1);
  } else if (access === 'staff') {
    // The account must still exist with this session (not removed, no new password or role).
    // A manager's route (its OpenAPI tag says so) refuses other staff before validation too.
    const manager = request.routeOptions.schema?.tags?.includes(MANAGER_TAG) === true;
    const ctx = request.server.markets.get(m);
    if (ctx) await staffCaller(request, ctx, m, { manager });
    else await requireStaff(request, m);
  } else if (access === 'operator') {
    // Only an operator covering this market; staff, customers and devices get 403.
    await operatorCaller(request, m);
  } else if (access === 'display' || access === 'kiosk') {
    const ctx = request.server.markets.get(m);
    const pobId = pathId.safeParse((request.params as { pobId?: string }).pobId);
    // A shop id out of range is refused by validation (400); there is nothing to protect.
    if (ctx && pobId.success) await requireDevice(request, ctx, access, pobId.data);
  } else {
    await claimsOf(request, m);
  }
}

export function addRouteAuth(app: FastifyInstance): void {
  app.addHook('onRequest', authenticate);
}
