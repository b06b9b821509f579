// Starts Jono: configuration, the app, listening, and a graceful shutdown on SIGINT/SIGTERM.
import webpush from 'web-push';
import { loadEnv } from './config/env';
import { tracesExporter } from './telemetry-config';
import type { LoopbackRequest } from './lib/loopback-requests';

const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());
// Traces (OTEL_* variables, off by default) start before the app and its `pg` are loaded.
const telemetry = tracesExporter(process.env)
  ? await (await import('./telemetry')).startTracing(process.env)
  : null;
const { buildApp } = await import('./app');
const { checkSystemLimits } = await import('./lib/system-limits');
const { warmUp } = await import('./services/warm-up');
const { loopbackRequests } = await import('./lib/loopback-requests');
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
// A rehearsal only warms: whatever goes wrong with it, the node starts all the same.
await rehearseRequests().catch((err: unknown) => app.log.warn({ err }, 'requests not rehearsed'));

/**
 * The HTTP path of a burst, rehearsed in process before listening: the shop list and a shop page
 * in two languages, and a join refused for a customer who does not exist (routing, the body's
 * schema, the access token, the IP's attempt: its counter is the one row written), so that the
 * first requests after a restart do not compile them while customers wait (issue 29, cold
 * joins). Sent over a loopback socket, not `inject` (lib/loopback-requests.ts says why).
 */
async function rehearseRequests(): Promise<void> {
  const market = warm.market;
  if (!market) return;
  const started = performance.now();
  const nobody = 2_147_483_000;
  const token = await app.tokens.signAccess(
    { sub: String(nobody), market, kind: 'customer', fam: 'warm-up' },
    60,
  );
  const requests: LoopbackRequest[] = [];
  for (let round = 0; round < 4; round++) {
    for (const language of ['en', market]) {
      for (const url of [`/api/${market}/pobs/`, `/api/${market}/pobs/1/`]) {
        requests.push({ method: 'GET', url, headers: { 'accept-language': language } });
      }
    }
    requests.push({
      method: 'POST',
      url: `/api/${market}/customers/${nobody}/orders/`,
      headers: { authorization: `Bearer ${token}` },
      json: {
        pob_id: 1,
        items: [
          {
            amount: 1,
            service_id: 1,
            service_info: { duration: 30, group_id: 1, id: 1, price: 0, title: 'warm-up' },
            extra_services: [],
          },
        ],
      },
    });
  }
  await app.ready();
  const statuses = await loopbackRequests(app.server, requests);
  app.log.info(
    { statuses: [...new Set(statuses)], ms: Math.round(performance.now() - started) },
    'requests rehearsed',
  );
}

checkSystemLimits(app.log, env.LISTEN_BACKLOG);
await app.listen({ host: env.HOST, port: env.PORT, backlog: env.LISTEN_BACKLOG });
const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
app.log.info(
  `Jono is running at http://${shown}:${env.PORT}/ (staff console /staff/, API docs /api/docs)`,
);
