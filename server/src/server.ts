// Starts Jono: configuration, the app, listening, and a graceful shutdown on SIGINT/SIGTERM.
import webpush from 'web-push';
import { loadEnv } from './config/env';
import { buildApp } from './app';

const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());
const app = await buildApp({ env });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: env.HOST, port: env.PORT });
const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
app.log.info(
  `Jono is running at http://${shown}:${env.PORT}/ (staff console /staff/, API docs /api/docs)`,
);
