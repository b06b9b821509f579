// Web Push (RFC 8030) with the payload encrypted for the browser (RFC 8291, aes128gcm) and the
// server identified by VAPID (RFC 8292): the `web-push` package builds the request (encryption,
// headers, JWT), and a transport posts it. The transport is where the connection is made: the
// default one uses Node's https with a `lookup` hook, so a check of the address connected to
// (private addresses refused at connect, issue 27) sits there without touching the rest.
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { parsePushSubscription } from '@jono/contract';

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface PushSender {
  /** Sends to a Web Push subscription (its JSON); answers false when the subscription is gone. */
  send(subscriptionJson: string, message: PushMessage): Promise<boolean>;
}

/** A built push request: where, and its method, headers and encrypted body. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** Posts a built request; answers the push service's status code. */
export type PushTransport = (req: PushRequest) => Promise<number>;

export interface TransportOptions {
  /** Resolves the endpoint's host (a check of the address belongs here). */
  lookup?: LookupFunction;
  timeoutMs?: number;
}

/** Node's http(s) client, one request per message, with an optional lookup hook. */
export function nodeTransport(opts: TransportOptions = {}): PushTransport {
  return (req) =>
    new Promise((resolve, reject) => {
      const url = new URL(req.endpoint);
      const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
      const r = send(
        url,
        {
          method: req.method,
          headers: req.headers,
          timeout: opts.timeoutMs ?? 10_000,
          ...(opts.lookup ? { lookup: opts.lookup } : {}),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      r.on('timeout', () => r.destroy(new Error('push service timed out')));
      r.on('error', reject);
      r.end(req.body ?? undefined);
    });
}

export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: { publicKey: string; privateKey: string; subject: string },
    private readonly transport: PushTransport = nodeTransport(),
  ) {}

  async send(subscriptionJson: string, message: PushMessage): Promise<boolean> {
    const parsed = parsePushSubscription(subscriptionJson);
    // A subscription stored before endpoints were checked is dropped, never posted to.
    if (!parsed.success) return false;
    const details = webpush.generateRequestDetails(
      parsed.data as webpush.PushSubscription,
      JSON.stringify(message),
      {
        vapidDetails: this.vapid,
        TTL: 15 * 60,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    const status = await this.transport({
      endpoint: details.endpoint,
      method: details.method,
      headers: details.headers as Record<string, string | number>,
      body: (details.body as Buffer | null) ?? null,
    });
    if (status >= 200 && status < 300) return true;
    // The subscription expired or was removed: the caller forgets it.
    if (status === 404 || status === 410) return false;
    throw new Error(`push service answered ${status}`);
  }
}
