// Passwords: argon2id with OWASP's parameters; hashes of earlier versions (scrypt N=2^14) and of
// weaker argon2 parameters still log in, and are replaced by a current hash at that login.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { buildTestApp, DEMO } from './helpers';
import { fi } from './queue-factories';
import type { App } from '../src/app';
import { customers, staff } from '../src/db/schema';
import { checkPassword, hashPassword, isCurrent, upgradedHash } from '../src/lib/passwords';

/** A hash as Jono stored it before argon2id. */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const storedOf = async (phone: string) =>
  (await fi(app).db.select().from(customers).where(eq(customers.phone, phone)))[0]?.passwordHash;
const login = (phone: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/fi/login/', payload: { phone, password } });

describe('password hashes', () => {
  it('are argon2id with 19 MiB, 2 passes and 1 lane, salted', async () => {
    const a = await hashPassword('Jono1234');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Jono1234')).not.toBe(a);
    expect(isCurrent(a)).toBe(true);
    expect(await checkPassword('Jono1234', a)).toEqual({ ok: true });
    expect(await checkPassword('Jono12345', a)).toEqual({ ok: false });
    expect(await checkPassword('Jono1234', 'garbage')).toEqual({ ok: false });
  });

  it("upgrade an earlier version's scrypt hash at the next successful login, not at a failed one", async () => {
    await fi(app)
      .db.update(customers)
      .set({ passwordHash: scryptHash(DEMO.password) })
      .where(eq(customers.phone, DEMO.gold));
    expect((await login(DEMO.gold, 'wrong-password')).statusCode).toBe(401);
    expect(await storedOf(DEMO.gold)).toMatch(/^scrypt\$/);

    expect((await login(DEMO.gold, DEMO.password)).statusCode).toBe(200);
    const upgraded = await storedOf(DEMO.gold);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The new hash logs in, and is kept as it is.
    expect((await login(DEMO.gold, DEMO.password)).statusCode).toBe(200);
    expect(await storedOf(DEMO.gold)).toBe(upgraded);
  });

  it('upgrade an argon2 hash of weaker parameters too', async () => {
    const weak = await hash(DEMO.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(isCurrent(weak)).toBe(false);
    await fi(app)
      .db.update(customers)
      .set({ passwordHash: weak })
      .where(eq(customers.phone, DEMO.platinum));
    expect((await login(DEMO.platinum, DEMO.password)).statusCode).toBe(200);
    expect(isCurrent((await storedOf(DEMO.platinum)) ?? '')).toBe(true);
  });

  it("upgrade a staff member's hash at login", async () => {
    await fi(app)
      .db.update(staff)
      .set({ passwordHash: scryptHash(DEMO.password) })
      .where(eq(staff.username, 'barber2'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/login/',
      payload: { username: 'barber2', password: DEMO.password },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await fi(app).db.select().from(staff).where(eq(staff.username, 'barber2'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('never undo a password changed between the check and the upgrade', async () => {
    const [row] = await fi(app)
      .db.select()
      .from(customers)
      .where(eq(customers.phone, DEMO.oneTime));
    if (!row) throw new Error('no demo customer');
    const changed = await hashPassword('a-new-password');
    await fi(app)
      .db.update(customers)
      .set({ passwordHash: changed })
      .where(eq(customers.id, row.id));
    // The login checked the old hash; its upgrade lands after the change.
    await fi(app)
      .db.update(customers)
      .set({ passwordHash: upgradedHash(customers.passwordHash, row, await hashPassword('old')) })
      .where(eq(customers.id, row.id));
    expect(await storedOf(DEMO.oneTime)).toBe(changed);
  });
});
