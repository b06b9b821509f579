// SMS and Web Push senders wrapped with their metrics (jono_sms_total, jono_push_total) and one
// retry of a failure that did not reach the provider or that it asked to be retried (a network
// error before an answer, 429 or 5xx). A timeout is not retried: the message may have gone.
import { pushResult, smsResult } from '../lib/metrics';
import type { OutgoingSms, SmsProvider, WebhookRequest } from './sms';
import type { PushMessage, PushSender } from './push';

/** How long before the one retry. */
export const RETRY_DELAY_MS = 1_000;

/** Whether a failed send may be tried again without risking a second delivery. */
export function retryable(err: unknown): boolean {
  const status =
    (err as { status?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') return status === 429 || status >= 500;
  // fetch's "fetch failed" (refused, reset, DNS) is a TypeError; a timeout is a DOMException.
  return err instanceof TypeError;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetry<T>(send: () => Promise<T>, onRetry: () => void, delayMs: number) {
  try {
    return await send();
  } catch (err) {
    if (!retryable(err)) throw err;
    onRetry();
    await pause(delayMs);
    return send();
  }
}

/**
 * The provider with its counters; its webhooks are the provider's own. The outbox retries with
 * backoff on top (outbox.ts): this one retry only saves a second from a brief hiccup.
 */
export class CountedSms implements SmsProvider {
  constructor(
    private readonly inner: SmsProvider,
    private readonly market: string,
    private readonly delayMs = RETRY_DELAY_MS,
  ) {}

  get name() {
    return this.inner.name;
  }
  get answer() {
    return this.inner.answer;
  }
  get idempotent() {
    return this.inner.idempotent;
  }
  get find() {
    return this.inner.find?.bind(this.inner);
  }
  verify(req: WebhookRequest) {
    return this.inner.verify(req);
  }
  inbound(req: WebhookRequest) {
    return this.inner.inbound(req);
  }
  status(req: WebhookRequest) {
    return this.inner.status(req);
  }

  async send(message: OutgoingSms): Promise<{ providerId: string | null }> {
    try {
      const sent = await withRetry(
        () => this.inner.send(message),
        () => smsResult(this.market, 'retried'),
        this.delayMs,
      );
      smsResult(this.market, 'sent');
      return sent;
    } catch (err) {
      smsResult(this.market, 'failed');
      throw err;
    }
  }
}

export class CountedPush implements PushSender {
  constructor(
    private readonly inner: PushSender,
    private readonly delayMs = RETRY_DELAY_MS,
  ) {}

  async send(subscriptionJson: string, message: PushMessage): Promise<boolean> {
    try {
      const sent = await withRetry(
        () => this.inner.send(subscriptionJson, message),
        () => pushResult('retried'),
        this.delayMs,
      );
      pushResult(sent ? 'sent' : 'gone');
      return sent;
    } catch (err) {
      pushResult('failed');
      throw err;
    }
  }
}
