// A load-generator process for live streams: holds thousands of Server-Sent Events connections
// on raw sockets (no HTTP client library: a few bytes of parsing per message) and reports when
// each received a message. Several run side by side so that the client is never the limit.
// Driven over IPC by bench/fanout.ts (child_process.fork).
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { reconnectDelayMs } from '@jono/contract';

export interface StreamTarget {
  path: string;
  token?: string;
  /**
   * Where the apps ask for a stream ticket with the token before each (re)connection (POST
   * /stream-ticket/): EventSource cannot send an Authorization header, so the apps open their
   * order and staff streams with `?ticket=`. Without it the token goes as a Bearer header.
   */
  ticketPath?: string;
  /** The client's address, sent as X-Forwarded-For (Jono trusts the bench as its proxy). */
  client?: string;
  /** A number the coordinator knows the stream by (busy-hour: its shop). */
  tag?: number;
}

/** Every message a stream received while recording (busy-hour.ts). */
export interface Arrival {
  tag: number;
  /** Wall-clock ms of its arrival. */
  at: number;
  /** The message's `as_of` (an order's: when its view was computed), wall-clock ms. */
  asOf?: number;
  /** Its size in bytes (a chunk's bytes over its messages). */
  bytes: number;
  /** The stream it came on (unique across the load generator's processes). */
  stream: number;
}

export type WorkerCommand =
  | {
      type: 'open';
      host: string;
      port: number;
      /** Source addresses to spread the connections over (each has its own port range). */
      from: string[];
      targets: StreamTarget[];
      /** Open at most this many at once (0: all at once, a reconnect storm). */
      batch: number;
      /**
       * Clients cut off together at this wall-clock time, reconnecting as the apps do: each waits
       * reconnectDelayMs(0) (jittered), and after a failed attempt reconnectDelayMs(attempt).
       * First-message times then count from this moment.
       */
      droppedAt?: number;
      /** With droppedAt: wait within the node's `retry:` window, not the apps' fixed first one. */
      useRetry?: boolean;
    }
  | { type: 'arm' }
  /** Start keeping every message's arrival (busy-hour), or stop and report them. */
  | { type: 'record' }
  | { type: 'recorded' }
  | { type: 'close' };

export type WorkerReport =
  | {
      type: 'opened';
      /** Connections that got their first message. */
      ok: number;
      failed: number;
      /** Attempts that failed and were tried again (with droppedAt). */
      retried: number;
      errors: Record<string, number>;
      /** ms from each connection's connect() to its first message (same order as ok ones). */
      firstMessageMs: number[];
      /** Wall time from the first connect() to the last first message, ms. */
      spanMs: number;
      /** This worker's CPU over the opening, ms. */
      cpuMs: number;
    }
  | { type: 'armed' }
  | {
      type: 'arrivals';
      /** Wall-clock ms (performance.timeOrigin + now) of each connection's first message after arm. */
      at: number[];
      missing: number;
      cpuMs: number;
    }
  | { type: 'recording' }
  | { type: 'records'; arrivals: Arrival[]; cpuMs: number }
  | { type: 'closed' };

interface Conn {
  socket: Socket;
  started: number;
  first?: number;
  armed: boolean;
  after?: number;
  tail: string;
  tag: number;
  /** Unique across the workers: this process's pid, then its own count. */
  id: number;
}

/** Attempts of a reconnecting client before it counts as failed. */
const MAX_ATTEMPTS = 6;

const conns: Conn[] = [];
let opened = 0;
const now = () => performance.timeOrigin + performance.now();
const send = (report: WorkerReport) => process.send?.(report);
let armed = false;
let cpuAtArm = process.cpuUsage();
let pendingAfter = 0;
let recording = false;
let records: Arrival[] = [];
let cpuAtRecord = process.cpuUsage();
const AS_OF = /"as_of":"([^"]+)"/g;
/**
 * The reconnect window the node asked for in its streams' `retry:` field (the last one seen): a
 * client cut off waits a random part of it, as reconnectDelayMs does with it.
 */
let spreadMs: number | undefined;

function request(host: string, target: StreamTarget, ticket: string | undefined): string {
  return [
    `GET ${target.path}${ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`} HTTP/1.1`,
    `Host: ${host}`,
    'Accept: text/event-stream',
    ...(target.token && ticket === undefined ? [`Authorization: Bearer ${target.token}`] : []),
    ...(target.client ? [`X-Forwarded-For: ${target.client}`] : []),
    '',
    '',
  ].join('\r\n');
}

/**
 * The connections ticket requests travel on: kept alive and few, as the chain's nginx carries
 * them to a node over its upstream pool (deploy/nginx/jono.conf: `keepalive 64`, over the load
 * generator's processes), while every stream is a connection of its own.
 */
const ticketAgent = new Agent({ keepAlive: true, maxSockets: 22 });

/**
 * A stream ticket for `target`, asked for as the apps do (POST with the token as Bearer); a
 * string starting "HTTP " or an error code when refused or failed.
 */
function ticketFor(
  host: string,
  port: number,
  target: StreamTarget,
): Promise<{ ticket: string } | string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host,
        port,
        method: 'POST',
        path: target.ticketPath,
        agent: ticketAgent,
        headers: {
          authorization: `Bearer ${target.token}`,
          ...(target.client ? { 'x-forwarded-for': target.client } : {}),
          'content-length': '0',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const ticket = /"ticket":"([^"]+)"/.exec(text)?.[1];
          resolve(
            res.statusCode === 200 && ticket ? { ticket } : `HTTP ${res.statusCode ?? 0} (ticket)`,
          );
        });
        res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(`${err.code ?? err.message} (ticket)`));
    req.end();
  });
}

/** Opens one stream as the apps do (with a fresh stream ticket where they use one). */
async function openAsApp(
  host: string,
  port: number,
  localAddress: string,
  target: StreamTarget,
): Promise<Conn | string> {
  if (!target.ticketPath || !target.token) return open(host, port, localAddress, target);
  // The client's wait counts from its ticket request, not from the stream's connect().
  const startedAt = now();
  const ticket = await ticketFor(host, port, target);
  if (typeof ticket === 'string') return ticket;
  return open(host, port, localAddress, target, ticket.ticket, startedAt);
}

/** Opens one stream; resolves on its first message or its failure. */
function open(
  host: string,
  port: number,
  localAddress: string,
  target: StreamTarget,
  ticket?: string,
  /** When the client began (before its ticket request); now by default. */
  startedAt = now(),
): Promise<Conn | string> {
  return new Promise((resolve) => {
    const conn: Conn = {
      socket: connect({ host, port, localAddress }),
      started: startedAt,
      armed: false,
      tail: '',
      tag: target.tag ?? 0,
      id: process.pid * 1_000_000 + opened++,
    };
    let settled = false;
    const settle = (result: Conn | string) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    conn.socket.setNoDelay(true);
    conn.socket.setEncoding('latin1');
    conn.socket.on('connect', () => conn.socket.write(request(host, target, ticket)));
    conn.socket.on('data', (chunk: string) => {
      const text = conn.tail + chunk;
      const retry = /(?:^|\n)retry: (\d+)/.exec(chunk);
      if (retry) spreadMs = Number(retry[1]);
      conn.tail = text.slice(-6);
      if (!text.includes('data:')) {
        if (conn.first === undefined && /^HTTP\/1\.1 [^2]/.test(text)) {
          settle(`HTTP ${text.slice(9, 12)}`);
          conn.socket.destroy();
        }
        return;
      }
      const t = now();
      if (recording && conn.first !== undefined) {
        // One record per message; a message cut between two chunks counts in the later one.
        const stamps = [...text.matchAll(AS_OF)].map((m) => Date.parse(m[1] ?? ''));
        const messages = Math.max(1, text.split('\ndata:').length - 1, stamps.length);
        for (let k = 0; k < messages; k++) {
          const asOf = stamps[k];
          records.push({
            tag: conn.tag,
            at: t,
            bytes: Math.round(chunk.length / messages),
            stream: conn.id,
            ...(asOf ? { asOf } : {}),
          });
        }
      }
      if (conn.first === undefined) {
        conn.first = t;
        settle(conn);
      } else if (armed && conn.after === undefined) {
        conn.after = t;
        pendingAfter -= 1;
        if (pendingAfter === 0) report();
      }
    });
    conn.socket.on('error', (err: NodeJS.ErrnoException) => settle(err.code ?? err.message));
    conn.socket.on('close', () => settle('closed'));
  });
}

function report() {
  const cpu = process.cpuUsage(cpuAtArm);
  send({
    type: 'arrivals',
    at: conns.flatMap((c) => (c.after === undefined ? [] : [c.after])),
    missing: conns.filter((c) => c.after === undefined).length,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

process.on('message', async (cmd: WorkerCommand) => {
  if (cmd.type === 'open') {
    const started = now();
    const cpu0 = process.cpuUsage();
    const errors: Record<string, number> = {};
    const firstMessageMs: number[] = [];
    let failed = 0;
    let retried = 0;
    const one = async (i: number) => {
      const target = cmd.targets[i] ?? cmd.targets[0];
      const from = cmd.from[i % cmd.from.length] ?? '127.0.0.1';
      if (!target) return;
      const dropped = cmd.droppedAt;
      let result: Conn | string = 'not tried';
      for (let attempt = 0; attempt < (dropped === undefined ? 1 : MAX_ATTEMPTS); attempt++) {
        if (dropped !== undefined) {
          const delay = reconnectDelayMs(attempt, Math.random, cmd.useRetry ? spreadMs : undefined);
          const wait = (attempt === 0 ? dropped : now()) + delay - now();
          await new Promise((r) => setTimeout(r, Math.max(0, wait)));
        }
        result = await openAsApp(cmd.host, cmd.port, from, target);
        if (typeof result !== 'string') break;
        if (dropped !== undefined && attempt < MAX_ATTEMPTS - 1) retried += 1;
      }
      if (typeof result === 'string') {
        failed += 1;
        errors[result] = (errors[result] ?? 0) + 1;
      } else {
        conns.push(result);
        firstMessageMs.push((result.first ?? 0) - (dropped ?? result.started));
      }
    };
    const n = cmd.targets.length;
    if (cmd.batch <= 0) {
      await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
    } else {
      for (let i = 0; i < n; i += cmd.batch) {
        await Promise.all(Array.from({ length: Math.min(cmd.batch, n - i) }, (_, k) => one(i + k)));
      }
    }
    const last = Math.max(started, ...conns.map((c) => c.first ?? started));
    const cpu = process.cpuUsage(cpu0);
    send({
      type: 'opened',
      ok: firstMessageMs.length,
      failed,
      retried,
      errors,
      firstMessageMs,
      spanMs: last - started,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else if (cmd.type === 'arm') {
    for (const c of conns) c.after = undefined;
    pendingAfter = conns.length;
    armed = true;
    cpuAtArm = process.cpuUsage();
    send({ type: 'armed' });
  } else if (cmd.type === 'record') {
    records = [];
    recording = true;
    cpuAtRecord = process.cpuUsage();
    send({ type: 'recording' });
  } else if (cmd.type === 'recorded') {
    recording = false;
    const cpu = process.cpuUsage(cpuAtRecord);
    send({ type: 'records', arrivals: records, cpuMs: (cpu.user + cpu.system) / 1000 });
    records = [];
  } else if (cmd.type === 'close') {
    armed = false;
    for (const c of conns) c.socket.destroy();
    conns.length = 0;
    send({ type: 'closed' });
  }
});
// A report is also asked for when the coordinator gives up waiting.
process.on('SIGUSR2', report);
