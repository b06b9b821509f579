// Web Push against a local push service that follows the protocol: the message is posted as
// RFC 8030 asks (TTL, Urgency), encrypted for the browser as RFC 8291 aes128gcm (the fake holds
// the browser's keys and decrypts it), and signed with VAPID (RFC 8292: an ES256 JWT whose
// audience is the push service's origin). A subscription the service says is gone (410) is
// removed and the alert goes by SMS instead, once. The real sender runs; only the host differs.
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { customers, outbox } from '../src/db/schema';
import { WebPushSender } from '../src/services/push';
import { buildTestApp } from './helpers';
import { fi, join, mutableClock, newCustomer, setShop } from './queue-factories';

const PORT = 3156;
const PUSH_ORIGIN = 'https://fcm.googleapis.com';
const vapid = webpush.generateVAPIDKeys();
const clock = mutableClock();
let app: App;
let server: Server;

interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  plaintext: string | null;
  vapidOk: boolean;
}
const deliveries: Delivery[] = [];
/** Status per subscription path (default 201 Created, as push services answer). */
const statusOf = new Map<string, number>();

/** A browser's subscription: its ECDH key pair and auth secret, and the JSON the app stores. */
function browser(id: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = JSON.stringify({
    endpoint: `${PUSH_ORIGIN}/fcm/send/${id}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  });
  return { id, ecdh, auth, json };
}
const browsers = new Map<string, ReturnType<typeof browser>>();

/** RFC 8291 decryption, as the browser does it (one record). */
function decrypt(body: Buffer, b: ReturnType<typeof browser>): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = b.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, b.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** VAPID: `vapid t=<jwt>, k=<public key>`; the JWT signed by k, for this origin, not expired. */
async function vapidValid(header: string | undefined): Promise<boolean> {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!m?.[1] || !m[2]) return false;
  const raw = Buffer.from(m[2], 'base64url');
  if (m[2] !== vapid.publicKey || raw.length !== 65) return false;
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  try {
    const { payload } = await jwtVerify(m[1], key, {
      audience: PUSH_ORIGIN,
      algorithms: ['ES256'],
    });
    return typeof payload.sub === 'string' && payload.sub.startsWith('mailto:');
  } catch {
    return false;
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const id = (req.url ?? '').split('/').pop() ?? '';
      const b = browsers.get(id);
      let plaintext: string | null;
      try {
        plaintext = b ? decrypt(body, b) : null;
      } catch {
        plaintext = null;
      }
      deliveries.push({
        path: req.url ?? '',
        headers: req.headers,
        plaintext,
        vapidOk: await vapidValid(req.headers.authorization),
      });
      res.writeHead(statusOf.get(id) ?? 201).end();
    })();
  });
  await new Promise<void>((ok) => server.listen(PORT, '127.0.0.1', ok));
  app = await buildTestApp({
    now: clock.now,
    envOverrides: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
  });
  // Only the host differs: the push service's origin is this machine's fake (plain HTTP; the
  // production transport's address checks are issue 27's, tested in its own file).
  app.queue.push = new WebPushSender(
    { ...vapid, subject: 'mailto:support@jono.example' },
    (url, request) =>
      new Promise<number>((settle, fail) => {
        const req = httpRequest(
          {
            hostname: '127.0.0.1',
            port: PORT,
            path: `${url.pathname}${url.search}`,
            method: request.method,
            headers: request.headers,
          },
          (res) => {
            res.resume();
            res.on('end', () => settle(res.statusCode ?? 0));
          },
        );
        req.on('error', fail);
        req.end(request.body ?? undefined);
      }),
  );
});
afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

const smsTo = (phone: string) => (fi(app).devOutbox?.outbox ?? []).filter((m) => m.to === phone);

describe('Web Push', () => {
  it('posts the alert encrypted (aes128gcm) and signed (VAPID) to the subscription', async () => {
    const b = browser('sub-ok');
    browsers.set(b.id, b);
    await setShop(app, 10, { chairs: 3 });
    const c = await newCustomer(app, { fcmToken: b.json });
    await join(app, c, 10);
    await app.queue.settled();
    const got = deliveries.filter((d) => d.path.endsWith('/sub-ok'));
    expect(got).toHaveLength(1);
    const d = got[0];
    expect(d?.headers['content-encoding']).toBe('aes128gcm');
    expect(d?.headers.ttl).toBe('900');
    expect(d?.headers.urgency).toBe('high');
    expect(d?.vapidOk).toBe(true);
    const message = JSON.parse(d?.plaintext ?? 'null') as {
      title: string;
      body: string;
      url: string;
    };
    expect(message.title).toBe('Jono');
    expect(message.body).toMatch(/^Jono: vuorosi parturissa .+ on pian/);
    expect(message.url).toBe('/tracking');
    expect(smsTo(c.phone)).toHaveLength(0);
    const [row] = await fi(app).db.select().from(outbox).where(eq(outbox.customerId, c.id));
    expect(row?.status).toBe('sent');
    expect(row?.channel).toBe('push');
  });

  it('forgets a subscription the push service says is gone (410) and texts instead, once', async () => {
    const b = browser('sub-gone');
    browsers.set(b.id, b);
    statusOf.set(b.id, 410);
    await setShop(app, 11, { chairs: 3 });
    const c = await newCustomer(app, { fcmToken: b.json });
    await join(app, c, 11);
    await app.queue.settled();
    await app.outbox.settled();
    expect(deliveries.filter((d) => d.path.endsWith('/sub-gone'))).toHaveLength(1);
    const [profile] = await fi(app).db.select().from(customers).where(eq(customers.id, c.id));
    expect(profile?.fcmToken).toBeNull();
    expect(smsTo(c.phone)).toHaveLength(1);
    const rows = await fi(app).db.select().from(outbox).where(eq(outbox.customerId, c.id));
    expect(rows.map((r) => `${r.channel}:${r.status}`).sort()).toEqual([
      'push:replaced',
      'sms:sent',
    ]);
  });

  it('tries again later when the push service fails (5xx)', async () => {
    const b = browser('sub-busy');
    browsers.set(b.id, b);
    statusOf.set(b.id, 503);
    await setShop(app, 12, { chairs: 3 });
    const c = await newCustomer(app, { fcmToken: b.json });
    await join(app, c, 12);
    await app.queue.settled();
    const [row] = await fi(app).db.select().from(outbox).where(eq(outbox.customerId, c.id));
    expect(row?.status).toBe('pending');
    statusOf.delete(b.id);
    clock.advance(1);
    await app.outbox.kick(fi(app));
    const [again] = await fi(app).db.select().from(outbox).where(eq(outbox.customerId, c.id));
    expect(again?.status).toBe('sent');
    expect(deliveries.filter((d) => d.path.endsWith('/sub-busy'))).toHaveLength(2);
    expect(smsTo(c.phone)).toHaveLength(0);
  });
});
