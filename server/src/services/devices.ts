// Display screens and door kiosks: a manager creates a device code for one shop (shown once,
// kept as a SHA-256), and revokes it; every device call checks the code against the database,
// so a revoked code stops working at once (open streams recheck every few seconds).
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Device, DeviceCreated, DeviceKind } from '@jono/contract';
import type { MarketContext } from '../context';
import { devices } from '../db/schema';
import { bearer, streamTicketOf } from '../lib/auth';
import { HttpError, forbidden, notFound } from '../lib/http-error';
import { sha256 } from '../lib/tokens';
import { tooMany } from './rate-limit-rules';
import { giveBack, takeAttempt } from './rate-counters';

export type DeviceRow = typeof devices.$inferSelect;

/**
 * A device code nobody has used for this long stops working (issue 27: codes never expired): a
 * screen or kiosk in use calls every few seconds, a code on a note in a drawer dies. The manager
 * rotates it or creates a new one.
 */
export const DEVICE_CODE_IDLE_DAYS = 14;
const IDLE_MS = DEVICE_CODE_IDLE_DAYS * 86_400_000;
/** The last use is written at most this often per device. */
const TOUCH_EVERY_MS = 60_000;

/** The code was last used (or, never used, created) more than DEVICE_CODE_IDLE_DAYS ago. */
export function isIdleExpired(row: DeviceRow, now: number): boolean {
  return (row.lastUsedAt ?? row.createdAt).getTime() <= now - IDLE_MS;
}

/** Notes a use of the device's code (at most once a minute). */
async function touch(ctx: MarketContext, row: DeviceRow, now: number): Promise<void> {
  if (row.lastUsedAt && row.lastUsedAt.getTime() > now - TOUCH_EVERY_MS) return;
  await ctx.db
    .update(devices)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(devices.id, row.id),
        or(isNull(devices.lastUsedAt), lt(devices.lastUsedAt, new Date(now - TOUCH_EVERY_MS))),
      ),
    );
}

/** Crockford's base32 without I, L, O, U: easy to read off a screen and type on a tablet. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** `FI-7KQ3-M9PX-2HTB`: the market (so a device knows its backend) and 60 random bits. */
export function newDeviceCode(market: string): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return [market.toUpperCase(), ...groups].join('-');
}

/** Codes are compared as typed in any case, with or without dashes and spaces. */
export function normaliseDeviceCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

const hashOf = (code: string) => sha256(`device:${normaliseDeviceCode(code)}`);

export function deviceView(row: DeviceRow): Device {
  return {
    id: row.id,
    kind: row.kind === 'kiosk' ? 'kiosk' : 'display',
    label: row.label,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

export async function createDevice(
  ctx: MarketContext,
  pobId: number,
  kind: DeviceKind,
  label: string,
  now: number,
): Promise<DeviceCreated> {
  const code = newDeviceCode(ctx.market);
  const [row] = await ctx.db
    .insert(devices)
    .values({ pobId, kind, label, codeHash: hashOf(code), createdAt: new Date(now) })
    .returning();
  if (!row) throw new Error('device insert failed');
  return { ...deviceView(row), code };
}

/**
 * A new code for a device (issue 27: codes never changed): a new device row of the same shop,
 * kind and label with a fresh code, and the old one revoked in the same transaction. The caller
 * publishes the old one's revocation, so its streams end.
 */
export async function rotateDevice(
  ctx: MarketContext,
  pobId: number,
  id: number,
  now: number,
): Promise<{ created: DeviceCreated; revokedId: number }> {
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
    if (!old || old.pobId !== pobId) throw notFound('Device not found');
    if (old.revokedAt)
      throw new HttpError(409, 'conflict', 'This code is revoked: create a new one');
    const code = newDeviceCode(ctx.market);
    const [row] = await tx
      .insert(devices)
      .values({
        pobId,
        kind: old.kind,
        label: old.label,
        codeHash: hashOf(code),
        createdAt: new Date(now),
      })
      .returning();
    if (!row) throw new Error('device insert failed');
    await tx
      .update(devices)
      .set({ revokedAt: new Date(now) })
      .where(eq(devices.id, old.id));
    return { created: { ...deviceView(row), code }, revokedId: old.id };
  });
}

export async function listDevices(ctx: MarketContext, pobId: number): Promise<Device[]> {
  const rows = await ctx.db
    .select()
    .from(devices)
    .where(eq(devices.pobId, pobId))
    .orderBy(desc(devices.createdAt), desc(devices.id));
  return rows.map(deviceView);
}

export async function revokeDevice(
  ctx: MarketContext,
  pobId: number,
  id: number,
  now: number,
): Promise<Device> {
  const [row] = await ctx.db.select().from(devices).where(eq(devices.id, id));
  if (!row || row.pobId !== pobId) throw notFound('Device not found');
  if (row.revokedAt) return deviceView(row);
  const [revoked] = await ctx.db
    .update(devices)
    .set({ revokedAt: new Date(now) })
    .where(eq(devices.id, id))
    .returning();
  return deviceView(revoked ?? row);
}

/**
 * The working device of `code`, with the guess limit counted before the code is checked (issue
 * 27: authentication ran before the per-address limit, 187 guesses a second went uncounted).
 * Each check takes one attempt per address; a code that works gives it back, so only wrong codes
 * count: 10 per address in 15 minutes (deviceCodeFailuresPerAddress), then 429.
 */
export async function deviceOfGuardedCode(
  request: FastifyRequest,
  ctx: MarketContext,
  code: string,
): Promise<DeviceRow | null> {
  const rules = [
    { key: `device-code:${request.ip}`, limit: request.server.limits.deviceCodeFailuresPerAddress },
  ];
  const taken = await takeAttempt(ctx.db, rules, request.server.now());
  if (!taken.ok) throw tooMany(taken.retryAfterS);
  const now = request.server.now();
  const device = code.length > 64 ? null : await deviceOfCode(ctx, code, now);
  if (device) await giveBack(ctx.db, rules);
  return device;
}

/**
 * The working device of this code, or null (unknown, revoked, or unused for
 * DEVICE_CODE_IDLE_DAYS); a working code's use is noted.
 */
export async function deviceOfCode(
  ctx: MarketContext,
  code: string,
  now: number,
): Promise<DeviceRow | null> {
  const [row] = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.codeHash, hashOf(code)), isNull(devices.revokedAt)));
  if (!row || isIdleExpired(row, now)) return null;
  await touch(ctx, row, now);
  return row;
}

/** The device of each request, looked up once (route-auth.ts checks it before the handler). */
const callers = new WeakMap<FastifyRequest, Promise<DeviceRow>>();

async function loadDevice(request: FastifyRequest, ctx: MarketContext): Promise<DeviceRow> {
  // A display's stream opens with a stream ticket the display asked for with its code.
  const ticket = await streamTicketOf(request, ctx.market);
  if (ticket) {
    if (ticket.kind !== 'device') throw forbidden();
    const [row] = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, Number(ticket.sub)), isNull(devices.revokedAt)));
    if (row) await touch(ctx, row, request.server.now());
    if (!row) {
      throw new HttpError(
        401,
        'device_code',
        'This device code does not work (revoked or unknown)',
      );
    }
    return row;
  }
  const code = bearer(request);
  if (!code) {
    throw new HttpError(401, 'device_code', 'This device needs a code from the shop manager');
  }
  const device = await deviceOfGuardedCode(request, ctx, code);
  if (!device) {
    throw new HttpError(
      401,
      'device_code',
      `This device code does not work (revoked, unknown, or unused for ${DEVICE_CODE_IDLE_DAYS} days)`,
    );
  }
  return device;
}

/**
 * The calling device: its code as Bearer (or, on its stream, a stream ticket in `?ticket=`). 401 `device_code`
 * when the code is unknown or revoked, 403 when it belongs to another shop or kind.
 */
export async function requireDevice(
  request: FastifyRequest,
  ctx: MarketContext,
  kind: DeviceKind,
  pobId: number,
): Promise<DeviceRow> {
  let caller = callers.get(request);
  if (!caller) {
    caller = loadDevice(request, ctx);
    callers.set(request, caller);
  }
  const device = await caller;
  if (device.pobId !== pobId || device.kind !== kind) throw forbidden();
  return device;
}
