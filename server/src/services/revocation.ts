// Revoking sessions ends their live streams on every process within seconds: a revocation
// (logout, password change or reset, reuse of a refresh token, staff account removed, role or
// password changed, a display's device code revoked, an operator account removed or its password
// reset) is published with NOTIFY; every process
// closes the matching streams it holds. A periodic re-check against the database is the safety
// net for a lost notification.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Market } from '@jono/contract';
import type { MarketContext } from '../context';
import { runNamed } from '../db/prepared';
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

// The re-check's reads, every RECHECK_INTERVAL_MS with every stream's owner: named statements
// with one array parameter each. Built by the query builder with one parameter per owner, a node
// holding 10,000 customers' streams spent 100-160 ms of its event loop every 15 s building and
// sending them (the busy-hour bench's profile, issue 29).
const LIVE_FAMILIES_SQL =
  'select distinct family from refresh_tokens where family = any($1::text[]) and revoked_at is null';
const STAFF_VERSIONS_SQL = 'select id, token_version::text from staff where id = any($1::int[])';
const REVOKED_DEVICES_SQL =
  'select id from devices where id = any($1::int[]) and revoked_at is not null';
const OPERATOR_VERSIONS_SQL =
  'select id, token_version::text from operators where id = any($1::int[])';

const idVersions = (rows: unknown[][]) => rows.map((r) => [Number(r[0]), String(r[1])] as const);

/** The streams of `market` whose session is no longer valid in the database. */
async function staleOwners(ctx: MarketContext, owners: StreamOwner[]): Promise<Set<StreamOwner>> {
  const stale = new Set<StreamOwner>();
  const families = [
    ...new Set(owners.flatMap((o) => (o.customerId && o.session ? [o.session] : []))),
  ];
  if (families.length) {
    const valid = await runNamed(
      ctx.db,
      'live_families',
      LIVE_FAMILIES_SQL,
      [families],
      (rows) => new Set(rows.map((r) => String(r[0]))),
    );
    for (const o of owners) if (o.customerId && o.session && !valid.has(o.session)) stale.add(o);
  }
  const staffIds = [...new Set(owners.flatMap((o) => (o.staffId ? [o.staffId] : [])))];
  if (staffIds.length) {
    const rows = await runNamed(
      ctx.db,
      'staff_versions',
      STAFF_VERSIONS_SQL,
      [staffIds],
      idVersions,
    );
    const session = new Map(rows.map(([id, version]) => [id, `staff:${version}`]));
    for (const o of owners) if (o.staffId && session.get(o.staffId) !== o.session) stale.add(o);
  }
  const deviceIds = [...new Set(owners.flatMap((o) => (o.deviceId ? [o.deviceId] : [])))];
  if (deviceIds.length) {
    const gone = await runNamed(
      ctx.db,
      'revoked_devices',
      REVOKED_DEVICES_SQL,
      [deviceIds],
      (rows) => new Set(rows.map((r) => Number(r[0]))),
    );
    for (const o of owners) if (o.deviceId && gone.has(o.deviceId)) stale.add(o);
  }
  const operatorIds = [...new Set(owners.flatMap((o) => (o.operatorId ? [o.operatorId] : [])))];
  if (operatorIds.length) {
    const rows = await runNamed(
      ctx.db,
      'operator_versions',
      OPERATOR_VERSIONS_SQL,
      [operatorIds],
      idVersions,
    );
    // A removed account has no row: every one of its streams is stale.
    const session = new Map(rows.map(([id, version]) => [id, `operator:${version}`]));
    for (const o of owners) {
      if (o.operatorId && session.get(o.operatorId) !== o.session) stale.add(o);
    }
  }
  return stale;
}

/**
 * Owners asked about per round of statements. All of a node's 10,000 at once built and read
 * arrays of 10,000 in one turn of the event loop, several milliseconds every 15 s that the
 * busy hour's deliveries met (session 17's profile); a thousand is well under one.
 */
const RECHECK_CHUNK = 1_000;

export async function recheckSessions(app: FastifyInstance): Promise<number> {
  let closed = 0;
  for (const ctx of app.markets.values()) {
    const owners = app.sessionStreams.owners(ctx.market);
    for (let i = 0; i < owners.length; i += RECHECK_CHUNK) {
      const stale = await staleOwners(ctx, owners.slice(i, i + RECHECK_CHUNK));
      if (stale.size) closed += app.sessionStreams.closeWhere((o) => stale.has(o));
    }
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
