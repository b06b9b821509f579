// Starts Jono: configuration, the app, listening, and a graceful shutdown on SIGINT/SIGTERM.
import webpush from 'web-push';
import { loadEnv } from './config/env';
import { tracesExporter } from './telemetry-config';

const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());
// Traces (OTEL_* variables, off by default) start before the app and its `pg` are loaded.
const telemetry = tracesExporter(process.env)
  ? await (await import('./telemetry')).startTracing(process.env)
  : null;
const { buildApp } = await import('./app');
const { checkSystemLimits } = await import('./lib/system-limits');
const { warmUp } = await import('./services/warm-up');
const app = await buildApp({ env });
if (telemetry) app.addHook('onClose', () => telemetry.shutdown());

// A graceful shutdown: /readyz answers 503 at once; after SHUTDOWN_DELAY_MS (time for a balancer
// or orchestrator polling /readyz to stop sending requests) the node stops accepting
// connections, ends its live streams (clients reconnect elsewhere with Last-Event-ID), answers
// the requests in flight (their batches commit), and closes its databases.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.lifecycle.draining = true;
    app.log.info({ signal, delayMs: env.SHUTDOWN_DELAY_MS }, 'shutting down');
    const delay = new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
    delay
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}

// The join path rehearsed (rolled back) and the queues of shops taking orders read before the
// first customer's join (services/warm-up.ts).
const warming = performance.now();
const warm = await warmUp(app.markets.values(), app.queue, app.now);
app.log.info({ ...warm, ms: Math.round(performance.now() - warming) }, 'joins rehearsed');

checkSystemLimits(app.log, env.LISTEN_BACKLOG);
await app.listen({ host: env.HOST, port: env.PORT, backlog: env.LISTEN_BACKLOG });
const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
app.log.info(
  `Jono is running at http://${shown}:${env.PORT}/ (staff console /staff/, API docs /api/docs)`,
);
