// Access tokens (JWT, HS256, 15 minutes) and opaque refresh tokens / codes stored as hashes.
import { createHash, randomBytes, randomInt, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import {
  ACCESS_TOKEN_TTL_S,
  RECOVERY_CODE_LENGTH,
  STREAM_TICKET_TTL_S,
  type Market,
} from '@jono/contract';

export interface AccessClaims {
  sub: string;
  market: Market;
  kind: 'customer' | 'staff' | 'operator';
  /** Operators only: the markets the operator sees (`market` is where the account lives). */
  markets?: Market[];
  /** Staff only: the shop the staff member works at, and their role. */
  pob?: number;
  role?: 'barber' | 'manager';
  /** Refresh-token family, so that logout and password change can revoke. */
  fam?: string;
  /** Expiry in seconds since the epoch: present on every verified token. */
  exp?: number;
}

/** What a stream ticket stands for: a customer or staff session, or a display's device. */
export interface StreamTicketClaims {
  market: Market;
  kind: 'customer' | 'staff' | 'device';
  /** Customer or staff id, or the device id. */
  sub: string;
  pob?: number;
  role?: 'barber' | 'manager';
  fam?: string;
  /** When the session the ticket came from expires (s since the epoch); none for a device. */
  sexp?: number;
}

/**
 * Verified access tokens kept (under 1 kB each), so a client's next request skips the HMAC. More
 * than the sessions a node serves at once (its stream ceiling is 30,000): at 10,000 a reconnect
 * storm of 10,500 sessions, each asking for a stream ticket with its token, evicted every token
 * just before it came back, and each paid the HMAC again.
 */
const VERIFIED_KEPT = 40_000;

/**
 * The HMAC key imported once: jose imports a raw key on every sign and verify (WebCrypto's
 * importKey, about 40 us of a 130 us verify on Node 24).
 */
function hmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  const key = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A key that cannot be imported fails each sign and verify that awaits it, not the process.
  key.catch(() => undefined);
  return key;
}

export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens already verified, with their claims: a token's signature cannot change, so only its
   * expiry is checked again (WebCrypto's HMAC job had cost about 2 % of a join's CPU).
   */
  private readonly verified = new Map<string, Readonly<AccessClaims>>();
  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = hmacKey(secret);
  }

  async signAccess(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_S): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({
      market: claims.market,
      kind: claims.kind,
      pob: claims.pob,
      role: claims.role,
      fam: claims.fam,
      markets: claims.markets,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .setIssuer('jono')
      .sign(await this.key);
  }

  /** Verifies an access token: 'expired' and 'invalid' are told apart for the 401 answer. */
  async verifyAccess(token: string): Promise<Readonly<AccessClaims> | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the current whole second reaches `exp`.
      if ((known.exp ?? 0) > Math.floor(this.now() / 1000)) return known;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: 'jono',
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return 'invalid';
      // A stream ticket (it has an audience; access tokens have none) is never an access token.
      if (payload.aud !== undefined) return 'invalid';
      const claims = Object.freeze(payload as unknown as AccessClaims);
      if (this.verified.size >= VERIFIED_KEPT) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, claims);
      return claims;
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

const STREAM_AUDIENCE = 'stream';

/** Stream tickets (issue 27): JWTs of their own audience, valid STREAM_TICKET_TTL_S. */
export class StreamTickets {
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = hmacKey(secret);
  }

  async sign(claims: StreamTicketClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({
      market: claims.market,
      kind: claims.kind,
      pob: claims.pob,
      role: claims.role,
      fam: claims.fam,
      sexp: claims.sexp,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(STREAM_AUDIENCE)
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + STREAM_TICKET_TTL_S)
      .setIssuer('jono')
      .sign(await this.key);
  }

  async verify(ticket: string): Promise<StreamTicketClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(ticket, await this.key, {
        issuer: 'jono',
        audience: STREAM_AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string') return 'invalid';
      return payload as unknown as StreamTicketClaims;
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function numericCode(length = RECOVERY_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}
