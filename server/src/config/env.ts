// Configuration, read and validated once at start. Nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { MARKETS, type Market } from '@jono/contract';
import { REPO_ROOT } from '../lib/paths';

const marketList = z
  .string()
  .default(MARKETS.join(','))
  .transform((s) =>
    s
      .split(',')
      .map((m) => m.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(MARKETS)).min(1));

const surveyUrls = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      }),
  )
  .pipe(
    z
      .array(
        z.tuple([
          z.enum(MARKETS),
          z.url({ protocol: /^https$/, error: 'must be market=https URL pairs' }),
        ]),
      )
      .transform((pairs) => Object.fromEntries(pairs) as Partial<Record<Market, string>>),
  );

/** `true`, `false`, or proxy addresses and CIDR ranges separated by commas. */
const trustProxy = z
  .string()
  .default('false')
  .transform((s, ctx): boolean | string[] => {
    const v = s.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0' || v === '') return false;
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    for (const entry of list) {
      const [address = '', bits, ...rest] = entry.split('/');
      const family = isIP(address);
      const max = family === 4 ? 32 : 128;
      const okBits =
        bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max && rest.length === 0);
      if (family === 0 || !okBits) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY: "${entry}" is not an address or CIDR range (use true, false or a list such as 127.0.0.1,10.0.0.0/8)`,
        });
        return z.NEVER;
      }
    }
    return list;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Connections waiting to be accepted (a reconnect storm of live streams); the kernel caps it at net.core.somaxconn. */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(1_000_000).default(16_384),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * PGlite's buffer cache (PostgreSQL's shared_buffers), inside the process's memory. PostgreSQL's
   * 128MB default held about 150 MB of the embedded server's 380 MB at rest; the demo data of
   * five markets is 45 MB on disk, and what falls out of the cache is read from the OS's.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'a size such as 32MB')
    .refine((size) => {
      const kB =
        Number.parseInt(size, 10) * ({ kB: 1, MB: 1024, GB: 1024 * 1024 }[size.slice(-2)] ?? 0);
      // PostgreSQL's least (16 pages of 8 kB); PGlite's memory ends at 2 GB in all.
      return kB >= 128 && kB <= 1024 * 1024;
    }, 'between 128kB and 1GB')
    .default('32MB'),
  /**
   * PGlite in a worker thread (on, the default) or on the server's event loop (off): decision
   * 011 and its measurement (bench/pglite-thread.ts). Ignored with DATABASE_URL.
   */
  PGLITE_THREAD: z.enum(['on', 'off']).default('on'),
  DATABASE_SCHEMA_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('jono_'),
  MARKETS: marketList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@jono.example'),
  /** dev (an outbox to read), http (the generic JSON provider), 46elks or twilio. */
  SMS_PROVIDER: z.enum(['dev', 'http', '46elks', 'twilio']).default('dev'),
  /** The generic provider's send URL and bearer token. */
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER_ID: z.string().default('Jono'),
  /**
   * The cost ceiling of SMS to numbers nobody has proved yet (registration and kiosk codes): at
   * most this many a market an hour, then 503 until the hour ends.
   */
  SMS_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** 46elks or Twilio API base (default: the provider's own; tests point it at a fake). */
  SMS_API_URL: z.url().optional(),
  /** 46elks API username, or Twilio account SID. */
  SMS_API_USER: z.string().optional(),
  /** 46elks API password, or Twilio auth token (also the key of Twilio's webhook signatures). */
  SMS_API_SECRET: z.string().optional(),
  /** Shared secret of the generic provider's (HMAC) and 46elks's (in the URL) webhooks. */
  SMS_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** How long a claimed outbox message is its worker's before another may send it (a crash). */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** The public base URL providers call back (delivery reports; Twilio signs the full URL). */
  SMS_PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'apps/web/dist')),
  STAFF_DIST: z.string().default(resolve(REPO_ROOT, 'apps/staff/dist')),
  SEED: z.enum(['auto', 'off']).default('auto'),
  /** With the demo data, eight weeks of finished days in every shop (the operators' charts). */
  SEED_HISTORY: z.enum(['on', 'off']).default('on'),
  /** With the demo data, named barbers in every shop, on duty at its chairs (issue 30). */
  SEED_BARBERS: z.enum(['on', 'off']).default('on'),
  /** Map tiles of the customer app ({z}/{x}/{y} template, https); its origin joins the CSP. */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (v) => /^https:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/.test(v),
      'must be an https URL with {z}, {x} and {y}',
    ),
  MAP_ATTRIBUTION: z.string().max(200).default('© OpenStreetMap'),
  /** Customer surveys per market: "fi=https://...,se=https://..." (none by default). */
  SURVEY_URLS: surveyUrls,
  /**
   * Which peers may name the client in X-Forwarded-For: `false` (none, the default), a comma-
   * separated list of proxy addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`: the balancer's
   * addresses only), or `true` (every peer: only safe when nothing but the balancer can reach the
   * node, since anyone who can connect directly then picks their own address and dodges every
   * per-address limit). Passed to Fastify's `trustProxy`.
   */
  TRUST_PROXY: trustProxy,
  /** Live streams one client address may hold open on a node (a shop's Wi-Fi shares one). */
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(40),
  /** Live streams one account (customer, staff member or display) may hold open on a node. */
  STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(6),
  /**
   * Live streams a node holds in all; past it a new stream gets 503 while /healthz and the API
   * keep answering. 0: the open-file limit less 4,096 kept for requests, the database and files,
   * at most 30,000.
   */
  STREAMS_MAX: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** After SIGTERM, how long the node keeps serving (answering /readyz 503) before it closes. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Bearer token of GET /metrics (Prometheus); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** End-to-end suites register many customers from one address; ignored in production. */
  RELAXED_RATE_LIMITS: z.stringbool().default(false),
});

export type Env = z.infer<typeof envSchema> & {
  jwtSecret: string;
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  production: boolean;
};

interface PersistedSecrets {
  jwtSecret: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json. */
function persistedSecrets(
  dataDir: string,
  makeVapid: () => { publicKey: string; privateKey: string },
) {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, 'secrets.json');
  let secrets: PersistedSecrets | undefined;
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as PersistedSecrets;
  if (!secrets?.jwtSecret || !secrets.vapidPublicKey || !secrets.vapidPrivateKey) {
    const vapid = makeVapid();
    secrets = {
      jwtSecret: secrets?.jwtSecret ?? randomBytes(48).toString('base64url'),
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  makeVapid: () => { publicKey: string; privateKey: string },
): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const secrets = persistedSecrets(dataDir, makeVapid);
  const vapidPublic = env.VAPID_PUBLIC_KEY ?? secrets.vapidPublicKey;
  const vapidPrivate = env.VAPID_PRIVATE_KEY ?? secrets.vapidPrivateKey;
  return {
    ...env,
    DATA_DIR: dataDir,
    jwtSecret: env.JWT_SECRET ?? secrets.jwtSecret,
    vapid:
      vapidPublic && vapidPrivate
        ? { publicKey: vapidPublic, privateKey: vapidPrivate, subject: env.VAPID_SUBJECT }
        : null,
    production: env.NODE_ENV === 'production',
  };
}
