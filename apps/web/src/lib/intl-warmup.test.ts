import { describe, expect, it, vi } from 'vitest';
import { buildIntl } from './intl-build';
import {
  shopPageIntl,
  waitAtMost,
  warmIntlOffMainThread,
  type IntlWarmup,
  type WarmupWorker,
} from './intl-warmup';

function fakeWorker() {
  const listeners = new Map<string, (() => void)[]>();
  const worker = {
    posted: [] as IntlWarmup[],
    terminated: false,
    postMessage(message: IntlWarmup) {
      this.posted.push(message);
    },
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    terminate() {
      this.terminated = true;
    },
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
  return worker satisfies WarmupWorker;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('loading the Intl data in a worker', () => {
  const warmup = shopPageIntl('FI', 'fi-FI', 'fi');

  it("sends the shop page's formatters and is ready only when the worker has built them", async () => {
    const worker = fakeWorker();
    const ready = warmIntlOffMainThread(warmup, () => worker);
    expect(worker.posted).toEqual([warmup]);
    expect(await settled(ready)).toBe(false);
    worker.fire('message');
    expect(await settled(ready)).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it('is ready when the worker fails, and at once where no worker can start', async () => {
    const worker = fakeWorker();
    const ready = warmIntlOffMainThread(warmup, () => worker);
    worker.fire('error');
    expect(await settled(ready)).toBe(true);
    expect(await settled(warmIntlOffMainThread(warmup, () => null))).toBe(true);
    const throwing = () => {
      throw new Error('blocked');
    };
    expect(await settled(warmIntlOffMainThread(warmup, throwing))).toBe(true);
  });

  it("names the market's time zone, currency and the interface's locale", () => {
    expect(shopPageIntl('SE', 'en-SE', 'en')).toEqual({
      prices: [['sv-SE', 'SEK']],
      dates: [
        ['en-GB', 'Europe/Stockholm'],
        ['sv-SE', 'UTC'],
        ['en-SE', 'UTC'],
      ],
      languageNames: ['en'],
    });
  });

  it('builds every formatter, and one the browser lacks does not stop the others', () => {
    const made = vi.spyOn(Intl, 'DisplayNames');
    expect(() =>
      buildIntl({
        prices: [['fi-FI', 'not a currency']],
        dates: [['fi-FI', 'Mars/Olympus']],
        languageNames: ['fi'],
      }),
    ).not.toThrow();
    expect(made).toHaveBeenCalledWith(['fi'], { type: 'language' });
    made.mockRestore();
  });
});

describe('waiting for the worker before the first render', () => {
  it('waits until the worker is done, or no longer than the time given', async () => {
    vi.useFakeTimers();
    try {
      let answer!: () => void;
      const worker = new Promise<void>((resolve) => (answer = resolve));
      const early = waitAtMost(worker, 250);
      expect(await settled(early)).toBe(false);
      answer();
      expect(await settled(early)).toBe(true);

      const late = waitAtMost(new Promise(() => {}), 250);
      await vi.advanceTimersByTimeAsync(249);
      expect(await settled(late)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(late)).toBe(true);

      expect(await settled(waitAtMost(Promise.reject(new Error('failed')), 250))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
