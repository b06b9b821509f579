// Push endpoint SSRF (issue 27): one URL parser, one decision, and no inward address at connect
// time. The endpoint is parsed once; the request is built from that parsed URL; every address the
// host resolves to is checked when connecting.
import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { parsePushEndpoint } from '@jono/contract';
import {
  httpsPushTransport,
  isRefusedAddress,
  publicOnlyLookup,
  type PushRequest,
  type ResolveAll,
} from '../src/services/push-transport';
import { WebPushSender } from '../src/services/turn-near';
import webpush from 'web-push';

const keys = webpush.generateVAPIDKeys();
const vapid = { ...keys, subject: 'mailto:ops@jono.example' };
// A subscription's keys as a browser makes them (an ECDH P-256 public key and 16 random bytes).
const browserKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

function resolverOf(...addresses: string[]): ResolveAll {
  return (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

describe('push endpoints are parsed once and matched exactly', () => {
  it('refuses hosts that only end like a push host', () => {
    for (const endpoint of [
      'https://169.254.169.254;.push.apple.com/x',
      'https://127.0.0.1;.notify.windows.com/x',
      'https://a.b.push.apple.com/x',
      'https://a_b.push.apple.com/x',
      'https://.push.apple.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://[::1]/x',
    ]) {
      expect(parsePushEndpoint(endpoint), endpoint).toBeNull();
    }
    expect(parsePushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=a')?.hostname).toBe(
      'wns2-par02p.notify.windows.com',
    );
  });

  it('sends to the parsed URL only, and never for an endpoint outside the push services', async () => {
    const sent: { url: URL; request: PushRequest }[] = [];
    const sender = new WebPushSender(vapid, async (url, request) => {
      sent.push({ url, request });
      return 201;
    });
    const message = { title: 'Vuoro', body: 'Vuorosi lähestyy', url: '/' };
    const bypass = JSON.stringify({
      endpoint: 'https://169.254.169.254;.push.apple.com/abc',
      keys: browserKeys,
    });
    expect(await sender.send(bypass, message)).toBe(false);
    expect(sent).toEqual([]);

    const good = JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: browserKeys,
    });
    expect(await sender.send(good, message)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBeInstanceOf(URL);
    expect(sent[0]?.url.hostname).toBe('fcm.googleapis.com');
    expect(sent[0]?.request.method).toBe('POST');
    expect(String(sent[0]?.request.headers.Authorization)).toMatch(/^vapid t=/);
  });

  it('drops a subscription the push service says is gone', async () => {
    const sender = new WebPushSender(vapid, async () => 410);
    const good = JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: browserKeys,
    });
    expect(await sender.send(good, { title: 't', body: 'b', url: '/' })).toBe(false);
  });
});

describe('inward addresses are refused at connect time', () => {
  it('classifies private, loopback, link-local and special addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      'not-an-address',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['142.250.74.42', '2a00:1450:4026:808::200a', '17.188.128.1']) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });

  it('refuses the connection when the push host resolves inward, even to one address of many', async () => {
    const endpoint = parsePushEndpoint('https://fcm.googleapis.com/fcm/send/abc');
    if (!endpoint) throw new Error('endpoint refused');
    const request: PushRequest = { method: 'POST', headers: {}, body: 'x' };
    for (const addresses of [
      ['169.254.169.254'],
      ['127.0.0.1'],
      ['::1'],
      ['142.250.74.42', '10.0.0.7'],
      ['::ffff:127.0.0.1'],
    ]) {
      const transport = httpsPushTransport(resolverOf(...addresses));
      await expect(transport(endpoint, request, 2_000), addresses.join()).rejects.toMatchObject({
        code: 'PUSH_ADDRESS_REFUSED',
      });
    }
  });

  it('answers net.connect in both of its lookup shapes', async () => {
    const lookup = publicOnlyLookup(resolverOf('142.250.74.42', '2a00:1450:4026:808::200a'));
    const all = await new Promise<LookupAddress[]>((settle, fail) =>
      lookup('fcm.googleapis.com', { all: true }, (err, addresses) =>
        err ? fail(err) : settle(addresses as LookupAddress[]),
      ),
    );
    expect(all.map((a) => a.address)).toEqual(['142.250.74.42', '2a00:1450:4026:808::200a']);
    const one = await new Promise<string>((settle, fail) =>
      lookup('fcm.googleapis.com', {}, (err, address) =>
        err ? fail(err) : settle(address as string),
      ),
    );
    expect(one).toBe('142.250.74.42');
  });
});
