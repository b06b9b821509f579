// Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), from
// @node-rs/argon2. The stored string carries its parameters (PHC format), so hashes made with
// other parameters, and the scrypt hashes of earlier versions, still verify; a successful login
// then stores a new hash (`checkPassword` answers it), so every account moves to the current
// parameters at its next login.
import { scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB, t=2, p=1. */
export const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** @node-rs/argon2's Algorithm.Argon2id (its default; a const enum is not importable here). */
const ARGON2ID = 2;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2, outputLen: 32 });
}

export interface PasswordCheck {
  ok: boolean;
  /** Set when the password was right but its hash is weaker than today's: store this one. */
  rehash?: string;
}

/** Checks a password against a stored hash (argon2id, or an earlier version's scrypt). */
export async function checkPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (stored.startsWith('$argon2')) {
    let ok: boolean;
    try {
      ok = await verify(stored, password);
    } catch {
      return { ok: false };
    }
    if (!ok) return { ok };
    return isCurrent(stored) ? { ok } : { ok, rehash: await hashPassword(password) };
  }
  const ok = await verifyScrypt(password, stored);
  return ok ? { ok, rehash: await hashPassword(password) } : { ok };
}

/**
 * The value that stores `rehash` in place of the hash a login checked, in the same UPDATE: only
 * if the column still holds that hash, so a password changed meanwhile is never undone.
 */
export function upgradedHash(
  column: AnyColumn,
  checked: { passwordHash: string },
  rehash: string,
): SQL {
  return sql`case when ${column} = ${checked.passwordHash} then ${rehash} else ${column} end`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)).ok;
}

/** Whether a stored argon2 hash has today's algorithm and at least today's costs. */
export function isCurrent(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      (o.algorithm as number) === ARGON2ID &&
      o.memoryCost >= ARGON2.memoryCost &&
      o.timeCost >= ARGON2.timeCost
    );
  } catch {
    return false;
  }
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

// ---- scrypt, as stored before argon2id: `scrypt$N$r$p$salt$key` ----

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The largest scrypt cost accepted from a stored hash (OWASP's N=2^17 and r=8: 128 MiB). */
const SCRYPT_MAX_MEM = 128 * 2 ** 17 * 8;

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const opts = { N: Number(n), r: Number(r), p: Number(p) };
  const needs = 128 * opts.N * opts.r;
  if (!(needs > 0 && needs <= SCRYPT_MAX_MEM)) return false;
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    ...opts,
    // Node refuses above 32 MiB by default; room for the hash's own need and a little more.
    maxmem: needs + 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
