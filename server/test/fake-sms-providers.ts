// Local fake SMS providers following each one's documented protocol: the generic JSON provider,
// 46elks (POST /a1/sms, form, basic auth, answers {id}) and Twilio (POST /2010-04-01/Accounts/
// {sid}/Messages.json, form, basic auth, answers {sid}). The real client code talks to them; only
// the host differs. Each records what it was sent and can be told to fail or to hold requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import { twilioSignature } from '../src/services/sms';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  /** The form or JSON parameters. */
  params: Record<string, string>;
  /** The id the provider answered with. */
  id: string;
  answered: number;
}

export interface FakeProvider {
  url: string;
  received: Received[];
  /** Answer the next requests with this status (default 200/201). */
  failNext(status: number, times?: number): void;
  /** Hold every request unanswered (a provider that hangs) until release(). */
  hold(on: boolean): void;
  close(): Promise<void>;
}

type Protocol = 'http' | '46elks' | 'twilio';

export const CREDENTIALS = { user: 'u123', secret: 'p456-secret-token' };

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

export async function startFakeProvider(protocol: Protocol, port: number): Promise<FakeProvider> {
  const received: Received[] = [];
  let failures: { status: number; times: number } | null = null;
  let holding = false;
  const held: ServerResponse[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const params =
        req.headers['content-type']?.startsWith('application/json') === true
          ? (JSON.parse(raw) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(raw));
      const auth = req.headers.authorization ?? '';
      const basic = `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.secret}`).toString('base64')}`;
      const okPath =
        protocol === 'http'
          ? req.url === '/send'
          : protocol === '46elks'
            ? req.url === '/a1/sms'
            : req.url === `/2010-04-01/Accounts/${CREDENTIALS.user}/Messages.json`;
      const okAuth = protocol === 'http' ? auth === `Bearer ${CREDENTIALS.secret}` : auth === basic;
      next += 1;
      const id =
        protocol === 'twilio'
          ? `SM${String(next).padStart(32, '0')}`
          : protocol === '46elks'
            ? `s${next.toString(16).padStart(32, 'a')}`
            : `msg-${next}`;
      const entry: Received = {
        path: req.url ?? '',
        headers: req.headers,
        params,
        id,
        answered: 0,
      };
      received.push(entry);
      if (holding) {
        held.push(res);
        return;
      }
      let status = okPath && okAuth ? (protocol === 'twilio' ? 201 : 200) : okPath ? 401 : 404;
      if (failures && failures.times > 0) {
        status = failures.status;
        failures.times -= 1;
      }
      entry.answered = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      const body =
        protocol === 'twilio'
          ? { sid: id, status: 'queued', to: params.To, from: params.From, body: params.Body }
          : protocol === '46elks'
            ? { id, status: 'created', to: params.to, from: params.from, message: params.message }
            : { id };
      res.end(status < 300 ? JSON.stringify(body) : JSON.stringify({ error: 'refused' }));
    })();
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${port}`;
  return {
    url: protocol === 'http' ? `${base}/send` : protocol === '46elks' ? `${base}/a1` : base,
    received,
    failNext(status, times = 1) {
      failures = { status, times };
    },
    hold(on) {
      holding = on;
      if (!on) for (const r of held.splice(0)) r.destroy();
    },
    close: () =>
      new Promise((ok) => {
        for (const r of held.splice(0)) r.destroy();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A webhook as the provider would post it: body, content type and signature headers. */
export function signedWebhook(
  protocol: Protocol,
  url: string,
  params: Record<string, string>,
  secrets: { webhookSecret: string; authToken: string },
): { url: string; headers: Record<string, string>; payload: string } {
  if (protocol === 'http') {
    const payload = JSON.stringify(params);
    const signature = createHmac('sha256', secrets.webhookSecret).update(payload).digest('hex');
    return {
      url: new URL(url).pathname,
      payload,
      headers: { 'content-type': 'application/json', 'x-jono-signature': `sha256=${signature}` },
    };
  }
  const payload = new URLSearchParams(params).toString();
  if (protocol === '46elks') {
    const u = new URL(url);
    u.searchParams.set('secret', secrets.webhookSecret);
    return {
      url: u.pathname + u.search,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  return {
    url: new URL(url).pathname,
    payload,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(secrets.authToken, url, params),
    },
  };
}
