// The connection layer of Web Push (issue 27). One URL parser, one decision: the endpoint is
// parsed once with the WHATWG parser (the contract's parsePushEndpoint), and the request is made
// from that parsed URL's parts with node:https and an options object, so no other parser ever
// reads the text (web-push's own sender re-parsed it with the legacy url.parse, which connected
// `https://169.254.169.254;.push.apple.com/` to 169.254.169.254). Every address DNS gives for the
// host is checked when connecting: private, loopback, link-local and other special ranges are
// refused, so a push host that resolves inward (DNS rebinding) is never reached.
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Address ranges a push request never connects to (IANA special-purpose registries). BlockList
 * checks IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges.
 */
const REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  REFUSED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 through a translator)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  REFUSED.addSubnet(net, prefix, 'ipv6');
}

/** True when a push request must never connect to `address`. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
  constructor(host: string, address: string) {
    super(`Push host ${host} resolves to ${address}, a private or special address: refused`);
  }
}

/** dns.lookup with every address at once (the shape tests replace). */
export type ResolveAll = (
  hostname: string,
  options: { family?: number; all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: ResolveAll = (hostname, options, callback) =>
  dns.lookup(hostname, options, callback);

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect that resolves every address of the host and refuses the connection
 * when any of them is in a refused range (a host with one inward address is not a push service).
 */
export function publicOnlyLookup(resolve: ResolveAll = systemResolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = typeof options.family === 'number' ? options.family : undefined;
    resolve(hostname, { family, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => isRefusedAddress(a.address));
      if (refused) return callback(new RefusedAddressError(hostname, refused.address), []);
      if (addresses.length === 0) {
        const notFound = Object.assign(new Error(`No address for ${hostname}`), {
          code: 'ENOTFOUND',
        });
        return callback(notFound, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export interface PushRequest {
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | string | null;
}

/** Sends `request` to the parsed `url` and answers the HTTP status. */
export type PushTransport = (url: URL, request: PushRequest, timeoutMs: number) => Promise<number>;

/** The production transport: node:https from the parsed URL's parts, public addresses only. */
export function httpsPushTransport(resolve: ResolveAll = systemResolve): PushTransport {
  const lookup = publicOnlyLookup(resolve);
  return (url, request, timeoutMs) =>
    new Promise<number>((settle, fail) => {
      if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) {
        fail(new Error('Push endpoints are https on the default port, without user info'));
        return;
      }
      // An address literal never goes through lookup: it is checked here instead.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && isRefusedAddress(host)) {
        fail(new RefusedAddressError(host, host));
        return;
      }
      const req = https.request(
        {
          protocol: 'https:',
          hostname: host,
          servername: isIP(host) === 0 ? host : undefined,
          port: 443,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: request.headers,
          lookup,
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => settle(res.statusCode ?? 0));
          res.on('error', fail);
        },
      );
      req.on('timeout', () =>
        req.destroy(new Error(`Push request timed out after ${timeoutMs} ms`)),
      );
      req.on('error', fail);
      req.end(request.body ?? undefined);
    });
}
