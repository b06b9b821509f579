// The first Intl object a page builds costs 10-25 ms of this machine's main thread (ten times that
// on a slow phone) whatever its kind: V8 and ICU load the list of available locales and the
// locale and time-zone data once per process. Later ones cost 0.2-4 ms. That first cost is the
// process's, not the thread's: a worker that builds the page's kinds of formatter first leaves
// the main thread's first ones at a fraction of a millisecond (measured in Chromium: the zone
// clock 15-23 ms on the main thread, 0.2-0.3 ms after a worker built one). The shop page starts
// one while its code and answer are on the network, and builds its own formatters when it has
// answered (lib/warm-formats.ts); where no worker can run, they are built as before.
import { CURRENCY, INTL_LOCALE, MARKET_INFO, marketOfLocale, type Locale } from '@jono/contract';
import type { IntlWarmup } from './intl-build';

export type { IntlWarmup };

/** The shop page's formatters (lib/format.ts, opening-hours.ts, barbers.ts), for the worker. */
export function shopPageIntl(
  locale: Locale,
  interfaceLocale: string,
  language: string,
): IntlWarmup {
  const { timeZone } = MARKET_INFO[marketOfLocale(locale)];
  return {
    prices: [[INTL_LOCALE[locale], CURRENCY[locale]]],
    dates: [
      ['en-GB', timeZone],
      [INTL_LOCALE[locale], 'UTC'],
      [interfaceLocale, 'UTC'],
    ],
    languageNames: [language],
  };
}

/** The worker's side of the exchange, as `new Worker` returns it. */
export interface WarmupWorker {
  postMessage(message: IntlWarmup): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: () => void): void;
  terminate(): void;
}

const startWorker = (): WarmupWorker | null =>
  typeof Worker === 'function'
    ? new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' })
    : null;

/**
 * Builds `warmup`'s formatters in a worker; resolves once it has (or has failed, or where there
 * is no worker: at once), when the main thread's own first formatters no longer pay for the data.
 */
export function warmIntlOffMainThread(
  warmup: IntlWarmup,
  start: () => WarmupWorker | null = startWorker,
): Promise<void> {
  let worker: WarmupWorker | null;
  try {
    worker = start();
  } catch {
    worker = null;
  }
  if (!worker) return Promise.resolve();
  const started = worker;
  return new Promise((resolve) => {
    const done = () => {
      started.terminate();
      resolve();
    };
    started.addEventListener('message', done);
    started.addEventListener('error', done);
    started.addEventListener('messageerror', done);
    started.postMessage(warmup);
  });
}

/** Resolves when `promise` settles or after `ms` milliseconds, whichever comes first. */
export function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
