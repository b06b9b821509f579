// Web Push (RFC 8030) with the payload encrypted for the browser (RFC 8291, aes128gcm) and the
// server identified by VAPID (RFC 8292): the `web-push` package builds the request (encryption,
// headers, JWT) and a transport posts it. The transport is the connection layer
// (push-transport.ts): the endpoint parsed once, public addresses only. The outbox worker
// (outbox.ts) calls `send`, retries a failure and forgets a subscription that is gone.
import webpush from 'web-push';
import { parsePushEndpoint, parsePushSubscription } from '@jono/contract';
import { httpsPushTransport, type PushTransport } from './push-transport';

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface PushSender {
  /** Sends to a Web Push subscription (its JSON); answers false when the subscription is gone. */
  send(subscriptionJson: string, message: PushMessage): Promise<boolean>;
}

export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: { publicKey: string; privateKey: string; subject: string },
    /** The connection layer (push-transport.ts): the parsed URL, public addresses only. */
    private readonly transport: PushTransport = httpsPushTransport(),
  ) {}

  async send(subscriptionJson: string, message: PushMessage): Promise<boolean> {
    const parsed = parsePushSubscription(subscriptionJson);
    // A subscription stored before endpoints were checked is dropped, never posted to.
    if (!parsed.success) return false;
    // Parsed once; web-push only encrypts and signs (for the parsed URL's own serialisation),
    // and the request goes to this URL object, never to the text again.
    const endpoint = parsePushEndpoint(parsed.data.endpoint);
    if (!endpoint) return false;
    const subscription = { ...parsed.data, endpoint: endpoint.href } as webpush.PushSubscription;
    const details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
      vapidDetails: this.vapid,
      TTL: 15 * 60,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    const status = await this.transport(
      endpoint,
      {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        body: (details.body as Buffer | null) ?? null,
      },
      10_000,
    );
    // The subscription expired or was removed: the caller forgets it.
    if (status === 404 || status === 410) return false;
    if (status < 200 || status >= 300) {
      throw Object.assign(new Error(`The push service answered ${status}`), { statusCode: status });
    }
    return true;
  }
}
