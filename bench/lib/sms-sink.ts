// The SMS provider of the benchmarks: Jono in production refuses a registration without the code
// texted to the phone, and has no development outbox, so the benches run it with the generic
// HTTP provider (SMS_PROVIDER=http) pointed at this sink in the bench process, which keeps the
// last code texted to each number.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const codes = new Map<string, string>();
const waiters = new Map<string, (code: string) => void>();
let started: Promise<string> | undefined;

/** The sink's URL (started on first use). */
export function smsSinkUrl(): Promise<string> {
  started ??= new Promise((resolve) => {
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        try {
          const msg = JSON.parse(body) as { to?: string; text?: string };
          const code = /(\d{6})/.exec(msg.text ?? '')?.[1];
          if (msg.to && code) {
            codes.set(msg.to, code);
            waiters.get(msg.to)?.(code);
            waiters.delete(msg.to);
          }
        } catch {
          // Not a message: answered all the same.
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":null}');
      });
    });
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`);
    });
  });
  return started;
}

/** The next code texted to `phone` (call before asking for it), within `timeoutMs`. */
export function nextCode(phone: string, timeoutMs = 30_000): Promise<string> {
  codes.delete(phone);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiters.delete(phone);
      reject(new Error(`no code texted to ${phone} in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    waiters.set(phone, (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
