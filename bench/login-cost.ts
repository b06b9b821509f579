// What one login's password check costs the server: argon2id with OWASP's parameters (the
// current hash) and the scrypt N=2^14 of earlier versions, which a login replaces. Each check runs
// on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), so a node checks about that many at
// once. Quick: `npx tsx bench/login-cost.ts [checks]` (default 20 of each, a few seconds).
import { randomBytes, scryptSync } from 'node:crypto';
import { cpus } from 'node:os';
import { checkPassword, hashPassword } from '../server/src/lib/passwords';
import { percentile } from './lib/stats';

const checks = Number(process.argv[2] ?? 20);
const password = 'Jono1234';
const salt = randomBytes(16);
const legacy = `scrypt$16384$8$1$${salt.toString('base64url')}$${scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
const current = await hashPassword(password);

async function time(label: string, run: () => Promise<unknown>) {
  await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < checks; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => (percentile(ms, q) ?? NaN).toFixed(1);
  console.log(`${label}: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (${checks} checks)`);
}

console.log(`Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'})`);
await time('argon2id m=19456 t=2 p=1, right password', () => checkPassword(password, current));
await time('argon2id m=19456 t=2 p=1, wrong password', () => checkPassword('wrong', current));
await time('new hash (registration, password change)', () => hashPassword(password));
await time('scrypt N=2^14 (earlier versions), checked and upgraded', () =>
  checkPassword(password, legacy),
);
const mem = process.memoryUsage();
console.log(`rss ${(mem.rss / 2 ** 20).toFixed(0)} MB after the checks`);
