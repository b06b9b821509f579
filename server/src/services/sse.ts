// Server-Sent Events streams: opening one (headers, reconnect delay, expiry with its token),
// frames built once and written as the same bytes to every stream that wants them, and a
// heartbeat for each stream that has had nothing else for HEARTBEAT_MS. (A revoked session's
// streams are ended through session-streams.ts.)
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { reconnectSpreadMs } from '@jono/contract';
import { HttpError } from '../lib/http-error';
import { streamClosed, streamDropped, streamKindOf, streamOpened } from '../lib/metrics';

/** A stream is written to at least this often: a heartbeat when nothing else was sent. */
export const HEARTBEAT_MS = 20_000;
/**
 * The heartbeats' clock: each tick writes the heartbeats that fall due in it. All of a node's
 * streams at once (15,500 writes every 20 s in the busy-hour bench) held every change and answer
 * that met them behind hundreds of milliseconds of socket writes (issue 29). Ticks of a second
 * still wrote 775 of them together, 30-70 ms of socket writes every second in which each round
 * trip of a change's delivery waited behind a slice: the busy hour's slowest deliveries (session
 * 17's profile). A twentieth of a second's share is about 40 writes, a millisecond or two.
 */
export const HEARTBEAT_TICK_MS = 50;
const HEARTBEAT_SLOTS = Math.ceil(HEARTBEAT_MS / HEARTBEAT_TICK_MS);
/**
 * The `retry:` field: the window over which this node's clients should spread their first
 * reconnect after a drop, widening with the streams it holds (reconnectSpreadMs: 10,000 streams
 * ask for 2.5 s). A client that reads it waits a random part of it (reconnectDelayMs with it as
 * `spreadMs`: the bench's stream worker); EventSource's own reconnect waits it whole. The apps
 * cannot read it (EventSource hides it) and start their back-off from RECONNECT_BASE_MS.
 */
export const retryMs = (streams: number) => reconnectSpreadMs(streams);
/**
 * Streams written per turn of the event loop: other requests (/healthz), database answers and
 * changes run in between (a socket write is 10-40 us here, so a slice is a few milliseconds).
 */
const WRITE_SLICE = 100;
/** A stream that has this much unsent is dropped: the client reconnects and gets the current state. */
const MAX_UNSENT_BYTES = 512 * 1024;
const HEARTBEAT = Buffer.from(': heartbeat\n\n');

export interface SseFrame {
  /** The `id:` of the message: a hash of its data, so equal states have equal ids on every node. */
  id: string;
  bytes: Buffer;
}

export function frameOf(data: unknown): SseFrame {
  return frameOfJson(JSON.stringify(data));
}

/** A frame of data already serialised. */
export function frameOfJson(json: string): SseFrame {
  const id = createHash('sha1').update(json).digest('base64url').slice(0, 20);
  return { id, bytes: Buffer.from(`id: ${id}\ndata: ${json}\n\n`) };
}

export class SseStream {
  closed = false;
  /** When this stream's heartbeat is due if nothing else is written to it (SseStreams). */
  beatAt: number;
  /** The heartbeat wheel's slot the stream waits in (SseStreams). */
  slot = -1;
  private readonly closeHandlers: (() => void)[] = [];
  /** The id of the last message the client has (send). */
  private sentId: string | undefined;

  constructor(
    private readonly raw: ServerResponse,
    /** The id of the last message the client saw before reconnecting (Last-Event-ID). */
    readonly lastEventId: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.sentId = lastEventId;
    this.beatAt = now() + HEARTBEAT_MS;
    raw.on('close', () => {
      this.closed = true;
      for (const handler of this.closeHandlers.splice(0)) handler();
    });
  }

  onClose(handler: () => void): void {
    if (this.closed) handler();
    else this.closeHandlers.push(handler);
  }

  write(bytes: Buffer): void {
    if (this.closed) return;
    if (this.raw.writableLength > MAX_UNSENT_BYTES) {
      streamDropped();
      this.raw.destroy();
      return;
    }
    this.raw.write(bytes);
    this.beatAt = this.now() + HEARTBEAT_MS;
  }

  /**
   * Sends `frame` unless it is the message the client already has: the last one this stream
   * was sent, or (before any) the Last-Event-ID it reconnected with. A frame's id is a hash of its
   * data, so a change that leaves a shop's page or a staff board as it was (a finish's estimates
   * learnt again without moving, another node's change to another part of the shop) writes
   * nothing to its streams.
   */
  send(frame: SseFrame): void {
    if (frame.id === this.sentId) return;
    this.sentId = frame.id;
    this.write(frame.bytes);
  }

  end(): void {
    if (!this.closed) this.raw.end();
  }
}

/** Writes one frame to many streams, a slice at a time so that the process stays responsive. */
export async function writeToAll(streams: Iterable<SseStream>, frame: SseFrame): Promise<void> {
  let n = 0;
  for (const stream of Array.isArray(streams) ? streams : [...streams]) {
    stream.write(frame.bytes);
    if (++n % WRITE_SLICE === 0) await new Promise<void>((r) => setImmediate(r));
  }
}

/**
 * How many streams a node holds (issue 27: one address opened 19,848 and, at the file limit,
 * every new connection, /healthz included, was closed unanswered). Every number is per process.
 */
export interface StreamBudget {
  /** Per client address (request.ip: the balancer's X-Forwarded-For when trusted). */
  perAddress: number;
  /** Per account: a customer, a staff member or a display device. */
  perAccount: number;
  /** In all: below the open-file limit, so requests, /healthz and the database keep their files. */
  total: number;
}

/** Files kept for requests, the database and logs when the ceiling is derived from the limit. */
export const FILES_KEPT_FOR_REQUESTS = 4_096;

/** STREAMS_MAX=0: the open-file limit less what requests need, at most 30,000. */
export function streamCeiling(configured: number, openFiles: number | undefined): number {
  if (configured > 0) return configured;
  if (openFiles === undefined) return 30_000;
  return Math.max(64, Math.min(30_000, openFiles - FILES_KEPT_FOR_REQUESTS));
}

export const UNLIMITED_BUDGET: StreamBudget = {
  perAddress: Number.POSITIVE_INFINITY,
  perAccount: Number.POSITIVE_INFINITY,
  total: Number.POSITIVE_INFINITY,
};

/** Every open stream of the process. */
export class SseStreams {
  private readonly open = new Set<SseStream>();
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  /** Streams by the tick their heartbeat falls due in, modulo HEARTBEAT_SLOTS. */
  private readonly wheel = Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<SseStream>());
  /** The last tick whose slot was visited. */
  private lastTick: number | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly budget: StreamBudget = UNLIMITED_BUDGET,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /**
   * Refuses a new stream past a budget, before anything is written: 429 with Retry-After for one
   * client over its share, 503 when the node is full (the rest of the API keeps answering).
   */
  private admit(reply: FastifyReply, address: string, account: string | undefined): void {
    if (this.open.size >= this.budget.total) {
      reply.header('retry-after', '30');
      throw new HttpError(503, 'unavailable', 'Too many live connections here: try again soon');
    }
    if ((this.byAddress.get(address) ?? 0) >= this.budget.perAddress) {
      reply.header('retry-after', '60');
      throw new HttpError(429, 'rate_limited', 'Too many live connections from this address');
    }
    if (account !== undefined && (this.byAccount.get(account) ?? 0) >= this.budget.perAccount) {
      reply.header('retry-after', '60');
      throw new HttpError(429, 'rate_limited', 'Too many live connections for this account');
    }
  }

  /**
   * Turns the reply into an event stream. `authorisedForMs`: how long the token the stream was
   * opened with stays valid; the stream ends then, and the client reconnects with a fresh token
   * (so a stream is never authorised longer than any other call with the same token).
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    authorisedForMs?: number,
    /** Who holds the stream ("customer:7", "staff:3", "device:2"); none for public streams. */
    account?: string,
  ): SseStream {
    const address = request.ip;
    this.admit(reply, address, account);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${retryMs(this.open.size)}\n\n`);
    const stream = new SseStream(raw, lastEventIdOf(request), this.now);
    this.adopt(stream);
    const count = (map: Map<string, number>, key: string, by: number) => {
      const n = (map.get(key) ?? 0) + by;
      if (n > 0) map.set(key, n);
      else map.delete(key);
    };
    count(this.byAddress, address, 1);
    if (account !== undefined) count(this.byAccount, account, 1);
    const kind = streamKindOf(request.routeOptions.url);
    streamOpened(kind);
    const expiry =
      authorisedForMs === undefined
        ? undefined
        : setTimeout(() => stream.end(), Math.max(0, authorisedForMs));
    expiry?.unref();
    // After adopt()'s own handler, which takes the stream out of `open` and the wheel.
    stream.onClose(() => {
      count(this.byAddress, address, -1);
      if (account !== undefined) count(this.byAccount, account, -1);
      streamClosed(kind);
      clearTimeout(expiry);
    });
    return stream;
  }

  /**
   * Counts an open stream and gives it its first heartbeat at a random moment of HEARTBEAT_MS:
   * streams opened together (a reconnect storm) fall due over the whole interval, not in one
   * tick. start() calls it; tests call it with a stream of their own.
   */
  adopt(stream: SseStream): void {
    this.open.add(stream);
    stream.onClose(() => {
      this.open.delete(stream);
      this.wheel[stream.slot]?.delete(stream);
    });
    stream.beatAt = Math.min(
      stream.beatAt,
      this.now() + 2 * HEARTBEAT_TICK_MS + (HEARTBEAT_MS - 2 * HEARTBEAT_TICK_MS) * this.random(),
    );
    this.place(stream);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_TICK_MS);
      this.heartbeat.unref();
    }
  }

  /**
   * Puts a stream in the slot of the tick before the one its heartbeat falls due in: whenever in
   * that tick the timer fires, the heartbeat is then due within two ticks and is written, never
   * after `beatAt` (so every stream hears something at least every HEARTBEAT_MS).
   */
  private place(stream: SseStream): void {
    if (stream.closed) return;
    const tick = Math.floor(stream.beatAt / HEARTBEAT_TICK_MS) - 1;
    stream.slot = ((tick % HEARTBEAT_SLOTS) + HEARTBEAT_SLOTS) % HEARTBEAT_SLOTS;
    this.wheel[stream.slot]?.add(stream);
  }

  /**
   * Writes the heartbeats due within two ticks, in slices; a stream written to since it was
   * placed is placed again at its new due time. Ticks a late timer skipped are visited too.
   * Resolves when the writes are done (one run at a time).
   */
  beat(): Promise<void> {
    if (this.beating) return this.beating;
    const run = (async () => {
      const now = this.now();
      const tick = Math.floor(now / HEARTBEAT_TICK_MS);
      const from = this.lastTick === undefined ? tick : this.lastTick + 1;
      this.lastTick = tick;
      const due: SseStream[] = [];
      for (let t = Math.max(from, tick - HEARTBEAT_SLOTS + 1); t <= tick; t++) {
        const slot = t % HEARTBEAT_SLOTS;
        const waiting = this.wheel[slot];
        if (!waiting || waiting.size === 0) continue;
        this.wheel[slot] = new Set();
        for (const stream of waiting) {
          if (stream.closed) continue;
          if (stream.beatAt <= now + 2 * HEARTBEAT_TICK_MS) due.push(stream);
          else this.place(stream);
        }
      }
      await writeToAll(due, heartbeatFrame);
      for (const stream of due) this.place(stream);
    })();
    this.beating = run.finally(() => {
      this.beating = undefined;
    });
    return this.beating;
  }

  stop(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const stream of [...this.open]) stream.end();
  }
}

const heartbeatFrame: SseFrame = { id: '', bytes: HEARTBEAT };

/** Last-Event-ID from the header (a browser's own reconnect) or `?last_event_id=` (the apps'). */
function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header.length > 0 && header.length <= 100) return header;
  const query = request.query as { last_event_id?: unknown } | undefined;
  return typeof query?.last_event_id === 'string' ? query.last_event_id : undefined;
}
