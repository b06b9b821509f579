// Builds the Jono API as a Fastify app: plugins, then per-market services, then routes.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MARKET_INFO, type Market } from '@jono/contract';
import type { Env } from './config/env';
import type { MarketContext } from './context';
import { openMarketDbs, pgliteDir, type StatementHook } from './db/client';
import { seedIfEmpty } from './db/seed';
import { StreamTickets, TokenService } from './lib/tokens';
import { fastReads } from './lib/fast-reads';
import { loggableError } from './lib/loggable-error';
import { DEFAULT_LIMITS, RELAXED_LIMITS, type RateLimitSettings } from './plugins/rate-limits';
import { DevSmsSender, smsProviderOf, type SmsProvider } from './services/sms';
import outboxPlugin from './services/outbox-plugin';
import smsRoutes from './routes/sms/index';
import { CountedSms } from './services/counted-senders';
import type { SnapshotFn } from './services/shops';
import { ReadCache } from './services/read-cache';
import errorsPlugin from './plugins/errors';
import securityPlugin, { apiSecurityHeaders } from './plugins/security';
import rateLimitPlugin from './plugins/rate-limits';
import metricsPlugin from './plugins/metrics';
import healthPlugin from './plugins/health';
import backupPlugin from './plugins/backup';
import wellFormedPlugin from './plugins/well-formed';
import docsPlugin from './plugins/docs';
import staticPlugin from './plugins/static';
import authRoutes from './routes/auth/index';
import customerRoutes from './routes/customers/index';
import pobRoutes from './routes/pobs/index';
import devRoutes from './routes/dev/index';
import queuePlugin from './services/queue-plugin';
import { addOperatorBoard } from './services/operator-board';
import { AccuracyCache } from './services/published-accuracy';
import { Insights } from './services/operator-insights';
import operatorRoutes from './routes/operator/index';
import operatorMessageRoutes from './routes/operator/messages';
import moveRoutes from './routes/moves/index';
import revocationPlugin from './services/revocation';
import orderRoutes from './routes/orders/index';
import staffRoutes from './routes/staff/index';
import eventRoutes from './routes/events/index';
import configRoutes from './routes/config/index';
import deviceRoutes from './routes/devices/index';

declare module 'fastify' {
  interface FastifyInstance {
    queueSnapshot: SnapshotFn;
    /** The shop list and shop pages as ready bytes (services/read-cache.ts). */
    reads: ReadCache;
    /** Each shop's published accuracy (services/published-accuracy.ts). */
    accuracy: AccuracyCache;
    /** Eight weeks of orders per shop for the operators' forecast and charts. */
    insights: Insights;
  }
}

type RawHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface AppOptions {
  env: Env;
  logger?: FastifyServerOptions['logger'];
  /** Clock, for tests. */
  now?: () => number;
  /** Tests: clone this PGlite template in memory instead of opening DATA_DIR. */
  template?: Blob;
  /** Prefix of the market schemas (tests on PostgreSQL isolate themselves with a unique one). */
  schemaPrefix?: string;
  limits?: Partial<RateLimitSettings>;
  /** Hears every statement sent to a market's database (tests count statements per request). */
  onStatement?: StatementHook;
  /** Seed demo data into empty markets (default: env.SEED === 'auto'). */
  seed?: boolean;
  /** With the demo data, eight weeks of history (default: outside tests). */
  seedHistory?: boolean;
  /** With the demo data, named barbers in every shop (default: outside tests). */
  seedBarbers?: boolean;
}

/** Paths of every log line that could carry a secret, redacted by pino. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.new_password',
  'req.body.old_password',
  'req.body.token',
  'req.body.refresh',
];

const safeSerializers = {
  // Query strings may carry ?access_token= for SSE: log the path only.
  req: (req: { method: string; url: string; id: string }) => ({
    method: req.method,
    url: req.url.split('?')[0],
    id: req.id,
  }),
  // A failed query's parameters and a database error's detail never reach a log line.
  err: loggableError,
};

/** Whatever logger a caller configures, secrets are redacted and query strings dropped. */
function loggerOptions(given: AppOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = typeof given === 'object' && given !== null ? given : {};
  return {
    level,
    ...base,
    redact: REDACT,
    serializers: { ...(base as { serializers?: object }).serializers, ...safeSerializers },
  };
}

export async function buildApp(opts: AppOptions) {
  const { env } = opts;
  // Ready reads are answered in front of the router once the routes are in (see fast-reads.ts).
  let beforeRouting: RawHandler | null = null;
  const app = Fastify({
    // Fastify's own HTTP server, with a look at each request first (its default timeouts kept).
    serverFactory: (handler, options) => {
      const server = createServer((req, res) => {
        if (beforeRouting?.(req, res)) return;
        handler(req, res);
      });
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      return server;
    },
    logger: loggerOptions(opts.logger, env.LOG_LEVEL),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 64 * 1024,
    trustProxy: env.TRUST_PROXY,
    // On close, idle keep-alive connections end at once; a request in flight finishes (a join's
    // batch commits and is answered) and its connection closes after it (plugins/health.ts).
    forceCloseConnections: 'idle',
    logController: new LogController({ disableRequestLogging: env.NODE_ENV === 'test' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = opts.now ?? Date.now;
  app.decorate('env', env);
  app.decorate('now', now);
  app.decorate('tokens', new TokenService(env.jwtSecret, now));
  app.decorate('streamTickets', new StreamTickets(env.jwtSecret, now));
  app.decorate('limits', {
    ...(env.RELAXED_RATE_LIMITS && !env.production ? RELAXED_LIMITS : DEFAULT_LIMITS),
    // The cost ceiling is the operator's own figure, relaxed or not.
    codeSmsPerMarket: { max: env.SMS_CODES_PER_HOUR, windowMs: 3_600_000 },
    ...opts.limits,
  });

  const markets = new Map<Market, MarketContext>();
  app.decorate('markets', markets);
  const dbs = await openMarketDbs({
    markets: env.MARKETS,
    dataDir: opts.template || env.DATABASE_URL ? undefined : pgliteDir(env.DATA_DIR),
    template: opts.template,
    databaseUrl: env.DATABASE_URL,
    sharedBuffers: env.PGLITE_SHARED_BUFFERS,
    pgliteThread: env.PGLITE_THREAD === 'on',
    schemaPrefix: opts.schemaPrefix ?? env.DATABASE_SCHEMA_PREFIX,
    onStatement: opts.onStatement,
  });
  for (const [market, store] of dbs.markets) {
    let sms: SmsProvider | null = smsProviderOf(env);
    let devOutbox: DevSmsSender | undefined;
    if (!sms) {
      devOutbox = new DevSmsSender(market, app.log);
      sms = devOutbox;
    }
    sms = new CountedSms(sms, market);
    markets.set(market, { market, info: MARKET_INFO[market], store, db: store.db, sms, devOutbox });
  }
  app.addHook('onClose', () => dbs.close());

  if (opts.seed ?? env.SEED === 'auto') {
    const history = opts.seedHistory ?? (env.NODE_ENV !== 'test' && env.SEED_HISTORY === 'on');
    const barbers = opts.seedBarbers ?? (env.NODE_ENV !== 'test' && env.SEED_BARBERS === 'on');
    for (const ctx of markets.values()) await seedIfEmpty(ctx, now(), { history, barbers });
  }

  // The live queue: `app.queue` and the shop snapshot (estimates, closing_soon, queue_state).
  await app.register(queuePlugin);
  // The outbox worker: every SMS and push is sent from there (services/outbox.ts).
  await app.register(outboxPlugin);
  const reads = new ReadCache(
    (market) => app.queue.version(market),
    now,
    (err) => app.log.error({ err }, 'ready read refresh failed'),
  );
  app.decorate('reads', reads);
  // A ready read being built again ahead of its age-out finishes before the databases close.
  app.addHook('preClose', () => reads.close());
  addOperatorBoard(app);
  app.decorate('accuracy', new AccuracyCache(now));
  app.decorate('insights', new Insights(now));
  // Open live streams by session, ended on every process when their session is revoked.
  await app.register(revocationPlugin);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(metricsPlugin);
  await app.register(wellFormedPlugin);
  await app.register(docsPlugin);

  await app.register(healthPlugin);
  await app.register(backupPlugin, { backup: dbs.backup });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(customerRoutes);
      await api.register(pobRoutes);
      await api.register(orderRoutes);
      await api.register(staffRoutes);
      await api.register(eventRoutes);
      await api.register(configRoutes);
      await api.register(deviceRoutes);
      await api.register(smsRoutes);
      await api.register(operatorRoutes);
      await api.register(operatorMessageRoutes);
      await api.register(moveRoutes);
      if (!env.production) await api.register(devRoutes);
    },
    { prefix: '/api/:market' },
  );

  await app.register(staticPlugin);

  // Cross-origin deployments (CORS_ORIGINS) keep every read on the router, for its CORS headers.
  if (env.CORS_ORIGINS.length === 0) {
    let open = true;
    app.addHook('preClose', async () => {
      open = false;
    });
    const level = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    const logRequests = env.NODE_ENV !== 'test' && level?.call(app.log, 'info') === true;
    beforeRouting = fastReads({
      reads: app.reads,
      markets: new Set(markets.keys()),
      apiHeaders: apiSecurityHeaders(env.production),
      open: () => open,
      log: logRequests
        ? (req, status, startedAt) =>
            app.log.info(
              {
                method: req.method,
                url: req.url,
                statusCode: status,
                responseTime: Number(process.hrtime.bigint() - startedAt) / 1e6,
              },
              'ready read answered',
            )
        : undefined,
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
