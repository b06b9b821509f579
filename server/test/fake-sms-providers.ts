// Local fake SMS providers following each one's documented protocol: the generic JSON provider,
// 46elks (POST /a1/sms, form, basic auth, answers {id}) and Twilio (POST /2010-04-01/Accounts/
// {sid}/Messages.json, form, basic auth, answers {sid}). The real client code talks to them; only
// the host differs. Each records what it was sent and can be told to fail or to hold requests;
// 46elks and Twilio also list what they took (GET, as documented), which a resend after a
// cut-off send reads (outbox.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import { twilioSignature } from '../src/services/sms';

export interface Received {
  path: string;
  /** The provider took it (the right path and credentials, no failure told): it lists it. */
  accepted: boolean;
  at: number;
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
  /** Answer the list of sent messages (46elks' history, Twilio's message list) with a 503. */
  listFails(on: boolean): void;
  /** How many times the list was read. */
  listed: number;
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
  let listFailing = false;
  const counters = { listed: 0 };
  const basicAuth = `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.secret}`).toString('base64')}`;
  const sendPath =
    protocol === 'http'
      ? '/send'
      : protocol === '46elks'
        ? '/a1/sms'
        : `/2010-04-01/Accounts/${CREDENTIALS.user}/Messages.json`;
  /** GET of the sent messages, as each provider documents it, newest first. */
  const list = (req: IncomingMessage, res: ServerResponse) => {
    counters.listed += 1;
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers.authorization !== basicAuth) {
      res.writeHead(401).end();
      return;
    }
    if (listFailing) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return;
    }
    const sent = received
      .filter((r) => r.accepted && r.path === sendPath)
      .slice()
      .reverse();
    res.writeHead(200, { 'content-type': 'application/json' });
    if (protocol === '46elks') {
      // `end`: created after this time (UTC, without a zone); `to` filters the recipient.
      const after = Date.parse(`${url.searchParams.get('end') ?? '1970-01-01T00:00:00'}Z`);
      const to = url.searchParams.get('to');
      const data = sent
        .filter((r) => r.at > after && (!to || r.params.to === to))
        .slice(0, Number(url.searchParams.get('limit') ?? 100))
        .map((r) => ({
          id: r.id,
          created: new Date(r.at).toISOString().replace('Z', '000'),
          direction: 'outgoing',
          from: r.params.from,
          to: r.params.to,
          message: r.params.message,
          status: 'delivered',
        }));
      res.end(JSON.stringify({ data }));
      return;
    }
    const to = url.searchParams.get('To');
    const from = url.searchParams.get('From');
    const messages = sent
      .filter((r) => (!to || r.params.To === to) && (!from || r.params.From === from))
      .slice(0, Number(url.searchParams.get('PageSize') ?? 50))
      .map((r) => ({
        sid: r.id,
        to: r.params.To,
        from: r.params.From,
        body: r.params.Body,
        status: 'delivered',
        date_created: new Date(r.at).toUTCString().replace('GMT', '+0000'),
      }));
    res.end(JSON.stringify({ messages, page: 0, page_size: messages.length }));
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && protocol !== 'http' && req.url?.startsWith(sendPath)) {
        list(req, res);
        return;
      }
      const raw = await readBody(req);
      const params =
        req.headers['content-type']?.startsWith('application/json') === true
          ? (JSON.parse(raw) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(raw));
      const auth = req.headers.authorization ?? '';
      const okPath = req.url === sendPath;
      const okAuth =
        protocol === 'http' ? auth === `Bearer ${CREDENTIALS.secret}` : auth === basicAuth;
      next += 1;
      const id =
        protocol === 'twilio'
          ? `SM${String(next).padStart(32, '0')}`
          : protocol === '46elks'
            ? `s${next.toString(16).padStart(32, 'a')}`
            : `msg-${next}`;
      const entry: Received = {
        path: req.url ?? '',
        accepted: false,
        at: Date.now(),
        headers: req.headers,
        params,
        id,
        answered: 0,
      };
      received.push(entry);
      if (holding) {
        // Taken, and the answer never comes (the caller dies or gives up first).
        entry.accepted = okPath && okAuth;
        held.push(res);
        return;
      }
      let status = okPath && okAuth ? (protocol === 'twilio' ? 201 : 200) : okPath ? 401 : 404;
      if (failures && failures.times > 0) {
        status = failures.status;
        failures.times -= 1;
      }
      entry.accepted = status < 300;
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
    listFails(on) {
      listFailing = on;
    },
    get listed() {
      return counters.listed;
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
