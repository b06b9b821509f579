// Revoking sessions ends their live streams on every process within seconds: a revocation
// (logout, password change or reset, reuse of a refresh token, staff account removed, role or
// password changed, a display's device code revoked, an operator account removed or its password
// reset) is published with NOTIFY; every process
// closes the matching streams it holds. A periodic re-check against the database is the safety
// net for a lost notification.
import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Market } from '@jono/contract';
import type { MarketContext } from '../context';
import { devices, operators, refreshTokens, staff } from '../db/schema';
import { SessionStreams, type StreamOwner } from './session-streams';

export const REVOCATION_CHANNEL = 'session_revoked';
/** How often every open stream's session is checked against the database. */
export const RECHECK_INTERVAL_MS = 15_000;

/**
 * Whose sessions end: one customer session, every session of a customer but one, a staff
 * account, or a display or kiosk device.
 */
export type Revocation =
  | { kind: 'customer'; customerId: number; session?: string; exceptSession?: string }
  | { kind: 'staff'; staffId: number }
  | { kind: 'device'; deviceId: number }
  /** An operator account removed or given a new password (published in its home market). */
  | { kind: 'operator'; operatorId: number };

declare module 'fastify' {
  interface FastifyInstance {
    sessionStreams: SessionStreams;
  }
}

export function matches(owner: StreamOwner, r: Revocation): boolean {
  if (r.kind === 'staff') return owner.staffId === r.staffId;
  if (r.kind === 'device') return owner.deviceId === r.deviceId;
  if (r.kind === 'operator') return owner.operatorId === r.operatorId;
  if (owner.customerId !== r.customerId) return false;
  if (r.session !== undefined && owner.session !== r.session) return false;
  if (r.exceptSession !== undefined && owner.session === r.exceptSession) return false;
  return true;
}

/** The stream ends when its session (or device code) is revoked, on whichever process that happens. */
export function endWithSession(app: FastifyInstance, reply: FastifyReply, owner: StreamOwner) {
  const forget = app.sessionStreams.add(owner, () => reply.raw.end());
  reply.raw.on('close', forget);
}

/** Ends the revoked sessions' streams here at once, and on every other process through NOTIFY. */
export async function publishRevocation(
  app: FastifyInstance,
  ctx: MarketContext,
  revocation: Revocation,
): Promise<void> {
  app.sessionStreams.closeWhere((o) => o.market === ctx.market && matches(o, revocation));
  await ctx.store.notify(REVOCATION_CHANNEL, JSON.stringify(revocation)).catch((err: unknown) => {
    // The re-check ends the other processes' streams within RECHECK_INTERVAL_MS.
    app.log.error({ err }, 'publishing a revocation failed');
  });
}

function parseRevocation(payload: string): Revocation | undefined {
  try {
    const r = JSON.parse(payload) as Partial<Revocation>;
    if (r.kind === 'staff' && typeof r.staffId === 'number') return r as Revocation;
    if (r.kind === 'customer' && typeof r.customerId === 'number') return r as Revocation;
    if (r.kind === 'device' && typeof r.deviceId === 'number') return r as Revocation;
    if (r.kind === 'operator' && typeof r.operatorId === 'number') return r as Revocation;
  } catch {
    // Not ours.
  }
  return undefined;
}

/** The streams of `market` whose session is no longer valid in the database. */
async function staleOwners(ctx: MarketContext, owners: StreamOwner[]): Promise<Set<StreamOwner>> {
  const stale = new Set<StreamOwner>();
  const families = [
    ...new Set(owners.flatMap((o) => (o.customerId && o.session ? [o.session] : []))),
  ];
  if (families.length) {
    const live = await ctx.db
      .selectDistinct({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(and(inArray(refreshTokens.family, families), isNull(refreshTokens.revokedAt)));
    const valid = new Set(live.map((r) => r.family));
    for (const o of owners) if (o.customerId && o.session && !valid.has(o.session)) stale.add(o);
  }
  const staffIds = [...new Set(owners.flatMap((o) => (o.staffId ? [o.staffId] : [])))];
  if (staffIds.length) {
    const rows = await ctx.db
      .select({ id: staff.id, version: staff.tokenVersion })
      .from(staff)
      .where(inArray(staff.id, staffIds));
    const session = new Map(rows.map((r) => [r.id, `staff:${r.version}`]));
    for (const o of owners) if (o.staffId && session.get(o.staffId) !== o.session) stale.add(o);
  }
  const deviceIds = [...new Set(owners.flatMap((o) => (o.deviceId ? [o.deviceId] : [])))];
  if (deviceIds.length) {
    const revoked = await ctx.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, deviceIds), isNotNull(devices.revokedAt)));
    const gone = new Set(revoked.map((r) => r.id));
    for (const o of owners) if (o.deviceId && gone.has(o.deviceId)) stale.add(o);
  }
  const operatorIds = [...new Set(owners.flatMap((o) => (o.operatorId ? [o.operatorId] : [])))];
  if (operatorIds.length) {
    const rows = await ctx.db
      .select({ id: operators.id, version: operators.tokenVersion })
      .from(operators)
      .where(inArray(operators.id, operatorIds));
    // A removed account has no row: every one of its streams is stale.
    const session = new Map(rows.map((r) => [r.id, `operator:${r.version}`]));
    for (const o of owners) {
      if (o.operatorId && session.get(o.operatorId) !== o.session) stale.add(o);
    }
  }
  return stale;
}

export async function recheckSessions(app: FastifyInstance): Promise<number> {
  let closed = 0;
  for (const ctx of app.markets.values()) {
    const owners = app.sessionStreams.owners(ctx.market);
    if (owners.length === 0) continue;
    const stale = await staleOwners(ctx, owners);
    if (stale.size) closed += app.sessionStreams.closeWhere((o) => stale.has(o));
  }
  return closed;
}

export default fp(
  async (app) => {
    const streams = new SessionStreams();
    app.decorate('sessionStreams', streams);
    const stops: (() => Promise<void>)[] = [];
    for (const ctx of app.markets.values()) {
      const market: Market = ctx.market;
      stops.push(
        await ctx.store.listen(REVOCATION_CHANNEL, (payload) => {
          const r = parseRevocation(payload);
          if (r) streams.closeWhere((o) => o.market === market && matches(o, r));
        }),
      );
    }
    let running = false;
    const timer = setInterval(() => {
      if (running || streams.size === 0) return;
      running = true;
      recheckSessions(app)
        .catch((err: unknown) => app.log.error({ err }, 're-checking stream sessions failed'))
        .finally(() => {
          running = false;
        });
    }, RECHECK_INTERVAL_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      for (const stop of stops) await stop();
    });
  },
  { name: 'jono-revocation' },
);
