// Sending and receiving SMS through one interface: a development sender with a readable outbox,
// the generic JSON HTTP provider, 46elks and Twilio. Each provider sends, and reads its own
// delivery reports and inbound messages after checking their signature or shared secret. The
// outbox worker (outbox.ts) is the only caller of `send`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env';
import { providerCall, type ProviderAnswer } from './provider-http';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface OutgoingSms extends SmsMessage {
  /** The outbox row's idempotency key (the generic provider forwards it as Idempotency-Key). */
  key: string;
  /** Where the provider posts this message's delivery reports, when it takes one per message. */
  statusUrl?: string;
}

/** A provider refused or failed: `permanent` when trying again cannot help (a 4xx but 429). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The provider's HTTP status, when it answered (counted-senders.ts retries 429 and 5xx). */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SmsSender {
  readonly name: SmsProviderName;
  /** Answers the provider's id of the message (for its delivery reports), or null. */
  send(message: OutgoingSms): Promise<{ providerId: string | null }>;
  /**
   * The provider drops a repeat of the same key (Idempotency-Key), or nothing outlives a crash
   * (dev): a resend after a crash cannot reach the phone twice. False: the outbox marks each
   * request before it goes out, and looks a cut-off one up (`find`) before sending it again.
   */
  readonly idempotent: boolean;
  /**
   * Looks in the provider's list of sent messages for this text to this phone, created at or
   * after `since` (less a few minutes for clocks that differ): its id, or null when there is
   * none. Throws SmsSendError when the provider cannot be asked.
   */
  find?(message: SmsMessage, since: number): Promise<{ providerId: string } | null>;
}

/** How far apart our clock and a provider's may be when matching a sent message by time. */
export const FIND_SKEW_MS = 5 * 60_000;

export type SmsProviderName = 'dev' | 'http' | '46elks' | 'twilio';

/** A webhook as it reached us: the public URL it was posted to, its headers, its parameters. */
export interface WebhookRequest {
  /** The full URL the provider called (SMS_PUBLIC_URL + path and query). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body (signatures are over it or its parameters). */
  rawBody: string;
  /** Form or JSON parameters of the body. */
  params: Record<string, string>;
  /** Query parameters of the URL. */
  query: Record<string, string>;
}

export interface InboundSms {
  providerId: string;
  from: string;
  text: string;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'failed';

export interface StatusReport {
  providerId: string;
  status: DeliveryStatus;
  error?: string;
}

/** A provider's webhooks: checked (false: refused with 401), then read. */
export interface SmsWebhooks {
  verify(req: WebhookRequest): boolean;
  inbound(req: WebhookRequest): InboundSms | null;
  status(req: WebhookRequest): StatusReport | null;
  /** The body and type a webhook is answered with (Twilio wants TwiML). */
  answer: { type: string; body: string };
}

export type SmsProvider = SmsSender & SmsWebhooks;

const header = (req: WebhookRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** Constant-time comparison of two strings (different lengths: false). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  what: string,
): Promise<ProviderAnswer> {
  let res: ProviderAnswer;
  try {
    res = await providerCall(url, { method: 'POST', headers: init.headers, body: init.body });
  } catch (err) {
    throw new SmsSendError(`${what} unreachable: ${(err as Error).message}`, false);
  }
  if (!res.ok) {
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
    throw new SmsSendError(`${what} answered ${res.status}`, permanent, res.status);
  }
  return res;
}

async function get(url: string, headers: Record<string, string>, what: string): Promise<unknown> {
  let res: ProviderAnswer;
  try {
    res = await providerCall(url, { method: 'GET', headers });
  } catch (err) {
    throw new SmsSendError(`${what} unreachable: ${(err as Error).message}`, false);
  }
  if (!res.ok) throw new SmsSendError(`${what} answered ${res.status}`, false, res.status);
  return res.json().catch(() => ({}));
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export interface DevOutboxEntry extends SmsMessage {
  at: string;
  market: string;
}

/**
 * Development only: keeps messages in memory (GET /api/{market}/dev/sms-outbox) and logs them;
 * inbound messages come from POST /api/{market}/dev/sms-inbox, with no signature.
 */
export class DevSmsSender implements SmsProvider {
  readonly name = 'dev' as const;
  /** Kept in memory: nothing of a send outlives a crash. */
  readonly idempotent = true;
  readonly outbox: DevOutboxEntry[] = [];
  private sequence = 0;
  readonly answer = { type: 'application/json', body: '{}' };
  constructor(
    private readonly market: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingSms): Promise<{ providerId: string }> {
    this.outbox.push({
      to: message.to,
      text: message.text,
      at: new Date().toISOString(),
      market: this.market,
    });
    if (this.outbox.length > 200) this.outbox.shift();
    // The text may hold a recovery code: log only who and how long, read the outbox for the text.
    this.log.info(
      { to: maskPhone(message.to), length: message.text.length },
      'dev SMS queued in outbox',
    );
    this.sequence += 1;
    return { providerId: `dev-${this.sequence}` };
  }

  verify(): boolean {
    return false;
  }
  inbound(): InboundSms | null {
    return null;
  }
  status(): StatusReport | null {
    return null;
  }
}

/**
 * The generic JSON provider (SMS_PROVIDER=http): `POST SMS_HTTP_URL` with
 * `{from, to, text, status_url}` and a bearer token, answering `{id}`. Its webhooks post JSON
 * (`{id, from, text}` inbound, `{id, status, error?}` reports) signed with
 * `X-Jono-Signature: sha256=<hex HMAC-SHA256 of the body with SMS_WEBHOOK_SECRET>`.
 */
export class HttpSmsSender implements SmsProvider {
  readonly name = 'http' as const;
  /** It receives the outbox key as Idempotency-Key and drops a repeat. */
  readonly idempotent = true;
  readonly answer = { type: 'application/json', body: '{}' };
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly sender: string,
    private readonly webhookSecret = '',
  ) {}

  async send(message: OutgoingSms): Promise<{ providerId: string | null }> {
    const res = await post(
      this.url,
      {
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.key,
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({
          from: this.sender,
          to: message.to,
          text: message.text,
          ...(message.statusUrl ? { status_url: message.statusUrl } : {}),
        }),
      },
      'SMS provider',
    );
    const body = (await res.json().catch(() => ({}))) as { id?: unknown };
    return {
      providerId:
        typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : null,
    };
  }

  verify(req: WebhookRequest): boolean {
    const given = header(req, 'x-jono-signature');
    const expected = `sha256=${createHmac('sha256', this.webhookSecret).update(req.rawBody).digest('hex')}`;
    return this.webhookSecret !== '' && sameSecret(given, expected);
  }
  inbound(req: WebhookRequest): InboundSms | null {
    const { id, from, text } = req.params;
    return id && from && text !== undefined ? { providerId: id, from, text } : null;
  }
  status(req: WebhookRequest): StatusReport | null {
    const { id, status, error } = req.params;
    if (!id || (status !== 'sent' && status !== 'delivered' && status !== 'failed')) return null;
    return { providerId: id, status, ...(error ? { error } : {}) };
  }
}

/**
 * 46elks (https://46elks.com/docs/send-sms): `POST {base}/sms`, form-encoded `from, to, message,
 * whendelivered`, HTTP basic auth with the API username and password; answers JSON with `id`.
 * Delivery reports post `id, status (sent|delivered|failed), delivered` to `whendelivered`;
 * inbound SMS post `id, from, to, message, created` to the number's `sms_url`. 46elks does not
 * sign its webhooks: its documentation has the secret ride in the URL, so both URLs carry
 * `?secret=SMS_WEBHOOK_SECRET`, checked here.
 */
export class ElksSmsSender implements SmsProvider {
  readonly name = '46elks' as const;
  /** 46elks takes no idempotency key: a cut-off send is looked up in its history (`find`). */
  readonly idempotent = false;
  readonly answer = { type: 'text/plain', body: '' };
  constructor(
    private readonly base: string,
    private readonly user: string,
    private readonly password: string,
    private readonly sender: string,
    private readonly webhookSecret: string,
  ) {}

  async send(message: OutgoingSms): Promise<{ providerId: string | null }> {
    const form = new URLSearchParams({ from: this.sender, to: message.to, message: message.text });
    if (message.statusUrl) {
      const url = new URL(message.statusUrl);
      url.searchParams.set('secret', this.webhookSecret);
      form.set('whendelivered', url.toString());
    }
    const res = await post(
      `${this.base.replace(/\/$/, '')}/sms`,
      {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(this.user, this.password),
        },
        body: form.toString(),
      },
      '46elks',
    );
    const body = (await res.json().catch(() => ({}))) as { id?: unknown };
    return { providerId: typeof body.id === 'string' ? body.id : null };
  }

  /**
   * The SMS history (https://46elks.com/docs/sms-history): `GET {base}/sms?to=&end=&limit=`,
   * `end` meaning "created after this" (UTC, no zone), answering `{data: [{id, direction, to,
   * message, created}], next}` newest first, at most 100 a page: one page covers a few minutes.
   */
  async find(message: SmsMessage, since: number): Promise<{ providerId: string } | null> {
    const url = new URL(`${this.base.replace(/\/$/, '')}/sms`);
    url.searchParams.set('to', message.to);
    url.searchParams.set('end', new Date(since - FIND_SKEW_MS).toISOString().replace('Z', ''));
    url.searchParams.set('limit', '100');
    const body = (await get(
      url.toString(),
      { authorization: basic(this.user, this.password) },
      '46elks history',
    )) as { data?: { id?: unknown; direction?: unknown; to?: unknown; message?: unknown }[] };
    const hit = (body.data ?? []).find(
      (m) =>
        m.direction === 'outgoing' &&
        m.to === message.to &&
        m.message === message.text &&
        typeof m.id === 'string',
    );
    return hit ? { providerId: String(hit.id) } : null;
  }

  verify(req: WebhookRequest): boolean {
    return this.webhookSecret !== '' && sameSecret(req.query.secret, this.webhookSecret);
  }
  inbound(req: WebhookRequest): InboundSms | null {
    const { id, from, message } = req.params;
    return id && from && message !== undefined ? { providerId: id, from, text: message } : null;
  }
  status(req: WebhookRequest): StatusReport | null {
    const { id, status } = req.params;
    if (!id || (status !== 'sent' && status !== 'delivered' && status !== 'failed')) return null;
    return { providerId: id, status };
  }
}

/** Twilio's signature: base64 HMAC-SHA1 of the URL and the sorted POST parameters (name + value). */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const TWILIO_STATUS: Record<string, DeliveryStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

/**
 * Twilio (https://www.twilio.com/docs/messaging/api/message-resource): `POST
 * {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To, From, Body,
 * StatusCallback`, basic auth with the account SID and auth token; answers JSON with `sid`.
 * Status callbacks post `MessageSid, MessageStatus (queued|sent|delivered|undelivered|failed),
 * ErrorCode`; inbound messages post `MessageSid, From, To, Body`. Every webhook is signed:
 * `X-Twilio-Signature`, checked against the URL Twilio called (SMS_PUBLIC_URL + path).
 */
export class TwilioSmsSender implements SmsProvider {
  readonly name = 'twilio' as const;
  /** Twilio takes no idempotency key: a cut-off send is looked up in its message list (`find`). */
  readonly idempotent = false;
  readonly answer = {
    type: 'text/xml',
    body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
  };
  constructor(
    private readonly base: string,
    private readonly accountSid: string,
    private readonly authToken: string,
    private readonly sender: string,
  ) {}

  async send(message: OutgoingSms): Promise<{ providerId: string | null }> {
    const form = new URLSearchParams({ To: message.to, From: this.sender, Body: message.text });
    if (message.statusUrl) form.set('StatusCallback', message.statusUrl);
    const res = await post(
      `${this.base.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.accountSid)}/Messages.json`,
      {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(this.accountSid, this.authToken),
        },
        body: form.toString(),
      },
      'Twilio',
    );
    const body = (await res.json().catch(() => ({}))) as { sid?: unknown };
    return { providerId: typeof body.sid === 'string' ? body.sid : null };
  }

  /**
   * The message list (https://www.twilio.com/docs/messaging/api/message-resource#read-multiple-message-resources):
   * `GET .../Messages.json?To=&From=&PageSize=`, answering `{messages: [{sid, to, from, body,
   * date_created}]}` newest first (date_created in RFC 2822). Filtering by date is by day only, so
   * the time is compared here.
   */
  async find(message: SmsMessage, since: number): Promise<{ providerId: string } | null> {
    const url = new URL(
      `${this.base.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.accountSid)}/Messages.json`,
    );
    url.searchParams.set('To', message.to);
    url.searchParams.set('From', this.sender);
    url.searchParams.set('PageSize', '50');
    const body = (await get(
      url.toString(),
      { authorization: basic(this.accountSid, this.authToken) },
      'Twilio message list',
    )) as {
      messages?: { sid?: unknown; to?: unknown; body?: unknown; date_created?: unknown }[];
    };
    const hit = (body.messages ?? []).find(
      (m) =>
        m.to === message.to &&
        m.body === message.text &&
        typeof m.sid === 'string' &&
        typeof m.date_created === 'string' &&
        Date.parse(m.date_created) >= since - FIND_SKEW_MS,
    );
    return hit ? { providerId: String(hit.sid) } : null;
  }

  verify(req: WebhookRequest): boolean {
    const expected = twilioSignature(this.authToken, req.url, req.params);
    return this.authToken !== '' && sameSecret(header(req, 'x-twilio-signature'), expected);
  }
  inbound(req: WebhookRequest): InboundSms | null {
    const { MessageSid, From, Body } = req.params;
    return MessageSid && From && Body !== undefined
      ? { providerId: MessageSid, from: From, text: Body }
      : null;
  }
  status(req: WebhookRequest): StatusReport | null {
    const { MessageSid, MessageStatus, ErrorCode } = req.params;
    const status = MessageStatus ? TWILIO_STATUS[MessageStatus] : undefined;
    if (!MessageSid || !status) return null;
    return {
      providerId: MessageSid,
      status,
      ...(ErrorCode ? { error: `Twilio ${ErrorCode}` } : {}),
    };
  }
}

/**
 * The configured provider, or null for the development sender (SMS_PROVIDER=dev, or http without
 * a URL as before). A real provider without its credentials refuses to start.
 */
export function smsProviderOf(env: Env): SmsProvider | null {
  const secret = env.SMS_WEBHOOK_SECRET ?? '';
  switch (env.SMS_PROVIDER) {
    case 'http':
      return env.SMS_HTTP_URL
        ? new HttpSmsSender(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN, env.SMS_SENDER_ID, secret)
        : null;
    case '46elks':
      if (!env.SMS_API_USER || !env.SMS_API_SECRET || !secret) {
        throw new Error(
          'SMS_PROVIDER=46elks needs SMS_API_USER, SMS_API_SECRET and SMS_WEBHOOK_SECRET',
        );
      }
      return new ElksSmsSender(
        env.SMS_API_URL ?? 'https://api.46elks.com/a1',
        env.SMS_API_USER,
        env.SMS_API_SECRET,
        env.SMS_SENDER_ID,
        secret,
      );
    case 'twilio':
      if (!env.SMS_API_USER || !env.SMS_API_SECRET || !env.SMS_PUBLIC_URL) {
        throw new Error(
          'SMS_PROVIDER=twilio needs SMS_API_USER, SMS_API_SECRET and SMS_PUBLIC_URL',
        );
      }
      return new TwilioSmsSender(
        env.SMS_API_URL ?? 'https://api.twilio.com',
        env.SMS_API_USER,
        env.SMS_API_SECRET,
        env.SMS_SENDER_ID,
      );
    default:
      return null;
  }
}

export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${phone.slice(0, 4)}***${phone.slice(-2)}` : '***';
}
