// Sending SMS: an interface, a development sender with a readable outbox, and an HTTP provider.
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry extends SmsMessage {
  at: string;
  market: string;
}

/** Development only: keeps messages in memory (GET /api/{market}/dev/sms-outbox) and logs them. */
export class DevSmsSender implements SmsSender {
  readonly outbox: OutboxEntry[] = [];
  constructor(
    private readonly market: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push({ ...message, at: new Date().toISOString(), market: this.market });
    if (this.outbox.length > 200) this.outbox.shift();
    // The text may hold a recovery code: log only who and how long, read the outbox for the text.
    this.log.info(
      { to: maskPhone(message.to), length: message.text.length },
      'dev SMS queued in outbox',
    );
  }
}

/** A provider reached over HTTP (JSON POST with a bearer token), chosen by SMS_PROVIDER=http. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly sender: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ from: this.sender, to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok)
      throw Object.assign(new Error(`SMS provider answered ${res.status}`), { status: res.status });
  }
}

export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${phone.slice(0, 4)}***${phone.slice(-2)}` : '***';
}
