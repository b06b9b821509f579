// Wires the outbox worker into the app: `app.outbox`, a kick after every queue change that wrote
// messages, and a poll of every market (other nodes' rows, retries, rows left by a crash).
import fp from 'fastify-plugin';
import { OutboxWorker } from './outbox';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

/** How often each market's outbox is looked at without a kick. */
export const OUTBOX_POLL_MS = 2_000;

export default fp(
  async (app, opts: { poll?: boolean }) => {
    const worker = new OutboxWorker({
      now: app.now,
      log: app.log,
      push: () => app.queue.push,
      publicUrl: app.env.SMS_PUBLIC_URL,
      leaseMs: app.env.OUTBOX_LEASE_MS,
      onFailed: (ctx, pobId) => void app.queue.changed(ctx, pobId).catch(() => undefined),
    });
    app.decorate('outbox', worker);
    app.queue.onMessages = (ctx) => worker.kick(ctx);

    let timer: NodeJS.Timeout | undefined;
    // Tests drive the worker themselves (kicks and settled()); a server polls.
    if (opts.poll ?? app.env.NODE_ENV !== 'test') {
      let running = false;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        void Promise.all([...app.markets.values()].map((ctx) => worker.kick(ctx))).finally(() => {
          running = false;
        });
      }, OUTBOX_POLL_MS);
      timer.unref();
      // Rows a killed process left behind are sent at start, not a poll later.
      app.addHook('onReady', async () => {
        for (const ctx of app.markets.values()) void worker.kick(ctx);
      });
    }
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await worker.settled();
    });
  },
  { name: 'jono-outbox', dependencies: ['jono-queue'] },
);
