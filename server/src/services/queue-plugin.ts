// Wires the live queue into the app: `app.queue`, the real shop snapshot, NOTIFY listeners for
// every market, a periodic sweep that moves estimates with time and sends "turn near", and the
// live streams (`app.live`) that carry every change to the apps.
import fp from 'fastify-plugin';
import { QueueService } from './queue';
import { WebPushSender } from './turn-near';
import { CountedPush } from './counted-senders';
import { LiveFeeds } from './live-feeds';
import { SseStreams, streamCeiling } from './sse';
import { systemLimits } from '../lib/system-limits';
import { runSpread, sweepSpreadMs } from './sweep-spread';
import { sweptShop } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    queue: QueueService;
    live: {
      /** Every open SSE stream of the process. */
      streams: SseStreams;
      feeds: LiveFeeds;
    };
  }
}

export const SWEEP_INTERVAL_MS = 60_000;

export default fp(
  async (app, opts: { sweep?: boolean }) => {
    const push = app.env.vapid ? new CountedPush(new WebPushSender(app.env.vapid)) : null;
    const queue = new QueueService(app.now, app.log, push);
    app.decorate('queue', queue);
    app.decorate('queueSnapshot', queue.snapshot);
    const live = {
      streams: new SseStreams({
        perAddress: app.env.STREAMS_PER_ADDRESS,
        perAccount: app.env.STREAMS_PER_ACCOUNT,
        total: streamCeiling(app.env.STREAMS_MAX, systemLimits().openFiles),
      }),
      feeds: new LiveFeeds(queue, app.now, app.log),
    };
    app.decorate('live', live);
    await queue.start(app.markets.values());

    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> | undefined;
    const closing = new AbortController();
    if (opts.sweep ?? true) {
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = (async () => {
          // Every market's shops, each refreshed at its own moment (services/sweep-spread.ts);
          // one shop's failure is logged and the others go on.
          const steps: (() => Promise<void>)[] = [];
          for (const ctx of app.markets.values()) {
            const shops = await queue.sweepShops(ctx).catch((err: Error) => {
              app.log.error({ err, market: ctx.market }, 'queue sweep');
              return [];
            });
            for (const pobId of shops) {
              steps.push(async () => {
                const t0 = performance.now();
                await queue
                  .sweepShop(ctx, pobId)
                  .catch((err: Error) =>
                    app.log.error({ err, market: ctx.market, pob: pobId }, 'queue sweep'),
                  );
                sweptShop((performance.now() - t0) / 1000);
              });
            }
          }
          await runSpread(steps, sweepSpreadMs(steps.length), closing.signal);
        })().finally(() => {
          sweeping = undefined;
        });
      }, SWEEP_INTERVAL_MS);
      timer.unref();
    }
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      // A sweep under way stops before its next shop; the databases close after it.
      closing.abort();
      await sweeping;
      live.streams.stop();
      await queue.stop();
    });
  },
  { name: 'jono-queue' },
);
