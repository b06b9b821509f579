// Access tokens: a verified token is remembered, yet still expires on time and a forged or
// altered one is never taken for it.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { StreamTickets, TokenService } from '../src/lib/tokens';

const SECRET = 's'.repeat(32);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A JWT made by hand: any header, any payload, an HMAC of the given hash (or no signature). */
function forged(header: object, payload: object, hash: 'sha256' | 'sha512' | null): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = hash ? createHmac(hash, SECRET).update(input).digest('base64url') : '';
  return `${input}.${signature}`;
}

describe('access tokens', () => {
  const start = Date.UTC(2026, 10, 23, 12);

  it('accepts a token again until the second it expires, then calls it expired', async () => {
    let now = start;
    const tokens = new TokenService('s'.repeat(32), () => now);
    const token = await tokens.signAccess({ sub: '7', market: 'fi', kind: 'customer' }, 60);
    expect(await tokens.verifyAccess(token)).toMatchObject({ sub: '7', market: 'fi' });
    now = start + 59_999;
    expect(await tokens.verifyAccess(token)).toMatchObject({ sub: '7' });
    now = start + 60_000;
    expect(await tokens.verifyAccess(token)).toBe('expired');
    // A fresh service (no memory) agrees with jose at both instants.
    const fresh = new TokenService('s'.repeat(32), () => now);
    expect(await fresh.verifyAccess(token)).toBe('expired');
    now = start + 59_999;
    expect(await fresh.verifyAccess(token)).toMatchObject({ sub: '7' });
  });

  it('does not take a token with one character changed, or signed with another key, for a known one', async () => {
    const tokens = new TokenService('s'.repeat(32), () => start);
    const token = await tokens.signAccess({ sub: '7', market: 'fi', kind: 'customer' });
    expect(await tokens.verifyAccess(token)).toMatchObject({ sub: '7' });
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccess(altered)).toBe('invalid');
    const other = await new TokenService('o'.repeat(32), () => start).signAccess({
      sub: '7',
      market: 'fi',
      kind: 'customer',
    });
    expect(await tokens.verifyAccess(other)).toBe('invalid');
  });

  it('hands out claims nobody can change for the next request', async () => {
    const tokens = new TokenService('s'.repeat(32), () => start);
    const token = await tokens.signAccess({ sub: '7', market: 'fi', kind: 'customer' });
    const claims = await tokens.verifyAccess(token);
    expect(Object.isFrozen(claims)).toBe(true);
  });

  it('refuses another algorithm (none included), another issuer and a token without expiry', async () => {
    const tokens = new TokenService(SECRET, () => start);
    const iat = Math.floor(start / 1000);
    const claims = { sub: '7', market: 'fi', kind: 'customer', iss: 'jono', iat, exp: iat + 60 };
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    // The hand-made HS256 token is good: the refusals below are for what was changed.
    expect(await tokens.verifyAccess(forged(hs256, claims, 'sha256'))).toMatchObject({ sub: '7' });
    expect(await tokens.verifyAccess(forged({ alg: 'none' }, claims, null))).toBe('invalid');
    expect(await tokens.verifyAccess(forged({ alg: 'HS512' }, claims, 'sha512'))).toBe('invalid');
    const other = { ...claims, iss: 'someone' };
    expect(await tokens.verifyAccess(forged(hs256, other, 'sha256'))).toBe('invalid');
    const { exp: _exp, ...endless } = claims;
    expect(await tokens.verifyAccess(forged(hs256, endless, 'sha256'))).toBe('invalid');
  });

  it('keeps taking the tokens jose signed before (a deploy does not log anyone out)', async () => {
    const iat = Math.floor(start / 1000);
    const old = await new SignJWT({ market: 'fi', kind: 'staff', pob: 3, role: 'manager' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('12')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .setIssuer('jono')
      .sign(new TextEncoder().encode(SECRET));
    const tokens = new TokenService(SECRET, () => start);
    expect(await tokens.verifyAccess(old)).toMatchObject({ sub: '12', pob: 3, role: 'manager' });
  });
});

describe('stream tickets', () => {
  const start = Date.UTC(2026, 10, 23, 12);

  it('are good for a minute, and are never taken for an access token, nor the other way', async () => {
    let now = start;
    const tickets = new StreamTickets(SECRET, () => now);
    const tokens = new TokenService(SECRET, () => now);
    const ticket = await tickets.sign({ market: 'fi', kind: 'customer', sub: '7', fam: 'f' });
    expect(await tickets.verify(ticket)).toMatchObject({ sub: '7', kind: 'customer', fam: 'f' });
    expect(await tokens.verifyAccess(ticket)).toBe('invalid');
    const access = await tokens.signAccess({ sub: '7', market: 'fi', kind: 'customer' });
    expect(await tickets.verify(access)).toBe('invalid');
    now = start + 59_999;
    expect(await tickets.verify(ticket)).toMatchObject({ sub: '7' });
    now = start + 60_000;
    expect(await tickets.verify(ticket)).toBe('expired');
  });
});
