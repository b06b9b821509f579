// Access tokens: a verified token is remembered, yet still expires on time and a forged or
// altered one is never taken for it.
import { describe, expect, it } from 'vitest';
import { TokenService } from '../src/lib/tokens';

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
});
