// The durable outbox: every SMS and Web Push is a row written in the transaction of the change
// that caused it (a "turn near" claim, a recovery code, a reply, a notice), then sent by a worker
// that claims due rows with FOR UPDATE SKIP LOCKED (two nodes never take the same row), sends,
// and records the attempt. A failed send is tried again with backoff until its deadline, after
// which the message is pointless and is marked expired; a process killed between the write and
// the send leaves the row pending (or claimed with a lease that runs out), and the next worker
// sends it. Delivery reports from the provider update the row by the provider's id.
//
// Exactly once: a row is claimed by one worker at a time (SKIP LOCKED plus a claim token that
// the completing UPDATE must still hold). The one window left is a process killed after the
// provider accepted a message and before the row was marked sent: the row is sent again when its
// lease ends. The generic provider gets the row's key as Idempotency-Key to drop that repeat;
// for 46elks and Twilio each request is marked first (send_started_at), and a row claimed again
// with the mark is looked up in the provider's list before it is sent (docs/messages.md).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketContext } from '../context';
import type { Db, Tx } from '../db/client';
import { rowCodec, runNamed } from '../db/prepared';
import { customers, orders, outbox, type OutboxAttempt } from '../db/schema';
import { SmsSendError, maskPhone, type StatusReport } from './sms';
import type { PushMessage, PushSender } from './push';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxChannel = 'sms' | 'push';
export type OutboxPurpose =
  | 'turnNear'
  | 'leaveNow'
  | 'recovery'
  | 'reply'
  | 'notice'
  /** A code that proves a phone (registration, kiosk walk-ins; services/phone-codes.ts). */
  | 'phoneCode'
  /** An operator moved the order to another shop (services/operator-move.ts). */
  | 'move'
  /** The customer's chosen barber went off duty or was removed (services/barber-duty.ts). */
  | 'barber';

export interface OutboxMessage {
  /** Idempotency key: a message with a key already written is not written again. */
  key: string;
  channel: OutboxChannel;
  purpose: OutboxPurpose;
  /** The phone (sms) or the customer's id (push). */
  recipient: string;
  /** The SMS text, or the push message as JSON (PushMessage). */
  body: string;
  customerId?: number | null;
  orderId?: number | null;
  pobId?: number | null;
  /** Not sent after this (epoch ms); null: no deadline. */
  deadline: number | null;
}

/** The customer alerts whose failure the boards show. */
export const ALERT_PURPOSES = ['turnNear', 'leaveNow'] as const;
/**
 * An alert's last states that the staff board shows as "not delivered: call them", and the
 * operator board counts (unknown: cut off by a crash and not confirmed by the provider). The
 * partial index outbox_failed_alerts_idx has the same lists in its predicate.
 */
export const ALERT_FAILED_STATUSES = ['failed', 'expired', 'unknown'] as const;

/** How long after writing each kind of message is still worth sending. */
export const DEADLINE_MS: Record<OutboxPurpose, number> = {
  turnNear: 15 * 60_000,
  leaveNow: 10 * 60_000,
  recovery: 60 * 60_000,
  reply: 10 * 60_000,
  notice: 60 * 60_000,
  phoneCode: 15 * 60_000,
  /** An operator moved the order: worth telling while the customer may still be on the way. */
  move: 30 * 60_000,
  /** The chosen barber went off duty: worth telling while the customer waits. */
  barber: 60 * 60_000,
};

/**
 * Messages sent again after a cut-off send that the provider cannot confirm or deny: the person
 * is waiting for them (a code, an answer) and a second copy is harmless. The others (alerts,
 * notices, moves) are marked unknown instead, since a repeat of those is the complaint.
 */
export const RESEND_UNCONFIRMED: ReadonlySet<OutboxPurpose> = new Set<OutboxPurpose>([
  'recovery',
  'phoneCode',
  'reply',
]);

/** Tries per message before it is marked failed. */
export const MAX_ATTEMPTS = 6;
/** A claimed row is another worker's to take again after this (a crash between claim and send). */
export const LEASE_MS = 60_000;

/** The outbox's rows as Drizzle reads them, for the named statements below. */
const OUTBOX_ROW = rowCodec(outbox);
const CLAIM_SQL = `update outbox set status = 'sending', claim_token = $1, claimed_until = $2::timestamptz, updated_at = $3::timestamptz where id in (select id from outbox where status in ('pending', 'sending') and next_attempt_at <= $3::timestamptz and (claimed_until is null or claimed_until <= $3::timestamptz) order by next_attempt_at, id limit $4::int for update skip locked) returning ${OUTBOX_ROW.select('outbox')}`;
/**
 * The successes of one claim, in one statement, only where the claim is still this worker's: $1
 * the claim's token, $2 a JSON array of {id, attempts, provider, provider_id, at, log}. (One
 * "sent" update per message was a statement per message: a join into a short queue sends one.)
 */
const SENT_SQL = `update outbox o set status = 'sent', attempts = v.attempts, provider = v.provider, provider_id = v.provider_id, sent_at = v.at, send_started_at = null, claim_token = null, claimed_until = null, last_error = null, attempt_log = v.log, updated_at = v.at from jsonb_to_recordset($2::jsonb) as v(id int, attempts int, provider text, provider_id text, at timestamptz, log jsonb) where o.id = v.id and o.claim_token = $1`;

/** A message sent, written with the others of its claim (SENT_SQL). */
interface Sent {
  id: number;
  attempts: number;
  provider: string;
  provider_id: string | null;
  at: string;
  log: OutboxAttempt[];
}

/** The wait before try `attempt + 1`: 5 s doubling, at most 5 minutes, with ±20 % jitter. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 5 * 60_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const ENQUEUE_SQL = `insert into outbox (key, channel, purpose, recipient, body, customer_id, order_id, pob_id, deadline, next_attempt_at, created_at, updated_at) select m.key, m.channel, m.purpose, m.recipient, m.body, m.customer_id, m.order_id, m.pob_id, m.deadline, $10::timestamptz, $10::timestamptz, $10::timestamptz from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::timestamptz[]) as m(key, channel, purpose, recipient, body, customer_id, order_id, pob_id, deadline) on conflict (key) do nothing returning id`;

/**
 * Writes messages (in the caller's transaction); a key already written is skipped. One named
 * statement of constant text for any number of messages (db/prepared.ts): a join whose turn is
 * near writes one.
 */
export async function enqueue(
  db: Db | Tx,
  messages: readonly OutboxMessage[],
  now: number,
): Promise<number> {
  if (messages.length === 0) return 0;
  const column = <T>(f: (m: OutboxMessage) => T) => messages.map(f);
  return runNamed(
    db,
    'outbox_enqueue',
    ENQUEUE_SQL,
    [
      column((m) => m.key),
      column((m) => m.channel),
      column((m) => m.purpose),
      column((m) => m.recipient),
      column((m) => m.body),
      column((m) => m.customerId ?? null),
      column((m) => m.orderId ?? null),
      column((m) => m.pobId ?? null),
      column((m) => (m.deadline === null ? null : new Date(m.deadline).toISOString())),
      new Date(now).toISOString(),
    ],
    (rows) => rows.length,
  );
}

/**
 * A message to a customer by the channel they can be reached on: push when they have a
 * subscription and push is configured (and they did not choose SMS), else SMS when they allow it
 * (and did not choose push only). One channel per message: never both.
 */
export function customerMessage(
  customer: Pick<typeof customers.$inferSelect, 'id' | 'phone' | 'allowSms' | 'fcmToken'>,
  text: string,
  base: Omit<OutboxMessage, 'channel' | 'recipient' | 'body' | 'customerId'>,
  opts: {
    pushEnabled: boolean;
    channel?: string | null;
    /** The shop's default where the customer chose no channel: SMS first (else push). */
    prefer?: 'push' | 'sms' | null;
  },
): OutboxMessage | null {
  if (opts.channel === 'none') return null;
  const sms = (): OutboxMessage => ({
    ...base,
    channel: 'sms',
    recipient: customer.phone,
    body: text,
    customerId: customer.id,
  });
  if (!opts.channel && opts.prefer === 'sms' && customer.allowSms) return sms();
  // Push only: a push row even without a subscription (or with push not configured), so that
  // the worker finds nothing to send it to and marks it failed: the board shows it, instead of
  // the alert vanishing or going by SMS the customer did not choose.
  const pushOnly = opts.channel === 'push';
  if ((customer.fcmToken && opts.pushEnabled && opts.channel !== 'sms') || pushOnly) {
    const message: PushMessage = { title: 'Jono', body: text, url: '/tracking' };
    return {
      ...base,
      channel: 'push',
      recipient: String(customer.id),
      body: JSON.stringify(message),
      customerId: customer.id,
    };
  }
  if (customer.allowSms && opts.channel !== 'push') return sms();
  return null;
}

export interface WorkerOptions {
  now: () => number;
  log: FastifyBaseLogger;
  /** The push sender of the moment (tests swap it). */
  push: () => PushSender | null;
  /** Public base URL the providers call back (delivery reports); none: no reports asked. */
  publicUrl?: string;
  /** Rows claimed per statement. */
  batch?: number;
  leaseMs?: number;
  random?: () => number;
  /** A shop's alert failed for good (the staff board shows it): tell its listeners. */
  onFailed?: (ctx: MarketContext, pobId: number) => void;
}

/** Sends the outbox of every market; one per process. */
export class OutboxWorker {
  private readonly draining = new Map<string, Promise<number>>();
  private readonly again = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();
  /** Counts sends (tests and the bench read it). */
  sent = 0;

  constructor(private readonly opts: WorkerOptions) {}

  /**
   * Sends what is due in a market now; a kick while a drain runs makes it look again when it
   * ends (the new rows may have been written after its last claim).
   */
  kick(ctx: MarketContext): Promise<number> {
    const current = this.draining.get(ctx.market);
    if (current) {
      this.again.add(ctx.market);
      return current;
    }
    const run = (async () => {
      let total = 0;
      try {
        do {
          this.again.delete(ctx.market);
          total += await this.drain(ctx);
        } while (this.again.has(ctx.market));
      } finally {
        this.draining.delete(ctx.market);
      }
      return total;
    })();
    this.draining.set(ctx.market, run);
    const tracked = run.catch((err: unknown) => {
      this.opts.log.error({ err }, 'outbox drain failed');
      return 0;
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
    return tracked;
  }

  /** Resolves when no drain runs (tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Claims and sends due rows until none is left; answers how many were handled. */
  async drain(ctx: MarketContext): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim(ctx.db);
      if (claimed.rows.length === 0) return handled;
      // One market's messages go out together; a failure is completed on its own, the
      // successes of the claim in one statement when all have been tried.
      const sent: Sent[] = [];
      await Promise.all(claimed.rows.map((row) => this.deliver(ctx, row, claimed.token, sent)));
      if (sent.length > 0) await this.markSent(ctx, claimed.token, sent);
      handled += claimed.rows.length;
    }
  }

  /**
   * One named statement: the due rows nobody holds, locked past every other worker (SKIP
   * LOCKED).
   */
  async claim(db: Db): Promise<{ token: string; rows: OutboxRow[] }> {
    const now = this.opts.now();
    const at = new Date(now).toISOString();
    const until = new Date(now + (this.opts.leaseMs ?? LEASE_MS)).toISOString();
    const token = randomUUID();
    const limit = this.opts.batch ?? 20;
    const rows = await runNamed(db, 'outbox_claim', CLAIM_SQL, [token, until, at, limit], (r) =>
      r.map((row) => OUTBOX_ROW.decode(row)),
    );
    return { token, rows };
  }

  /**
   * Marks a claim's sent messages (a named statement); a failure to write leaves them claimed,
   * and after the lease they are tried again: the generic provider drops the repeat by its
   * Idempotency-Key, and one without keys is asked first (sendStartedAt).
   */
  private async markSent(ctx: MarketContext, token: string, sent: Sent[]): Promise<void> {
    try {
      await runNamed(ctx.db, 'outbox_sent', SENT_SQL, [token, JSON.stringify(sent)], () => null);
      this.sent += sent.length;
    } catch (err) {
      this.opts.log.error({ err, ids: sent.map((m) => m.id) }, 'outbox: marking sent failed');
    }
  }

  private async deliver(
    ctx: MarketContext,
    row: OutboxRow,
    token: string,
    sent: Sent[],
  ): Promise<void> {
    const now = this.opts.now();
    const mine = and(eq(outbox.id, row.id), eq(outbox.claimToken, token));
    const log = (ok: boolean, error?: string): OutboxAttempt[] => [
      ...row.attemptLog,
      { at: new Date(now).toISOString(), ok, ...(error ? { error } : {}) },
    ];
    if (row.deadline && now > row.deadline.getTime()) {
      // Past its deadline: not sent (expired), or, cut off mid-send, perhaps sent (unknown).
      const cut =
        row.sendStartedAt !== null && row.channel === 'sms' && ctx.sms.idempotent === false;
      await ctx.db
        .update(outbox)
        .set({
          status: cut ? 'unknown' : 'expired',
          claimToken: null,
          claimedUntil: null,
          updatedAt: new Date(now),
        })
        .where(mine);
      this.opts.log.warn({ id: row.id, purpose: row.purpose }, 'outbox message expired unsent');
      if (row.pobId !== null) this.opts.onFailed?.(ctx, row.pobId);
      return;
    }
    // A provider without idempotency keys (46elks, Twilio): each request is marked before it
    // goes out; a row claimed again with the mark set was cut off (a crash, or no answer) and may
    // have been accepted, so the provider is asked before anything is sent again.
    const marked = row.channel === 'sms' && ctx.sms.idempotent === false;
    let ambiguous = marked && row.sendStartedAt !== null;
    let sending = false;
    try {
      let providerId: string | null;
      let note: string | undefined;
      const cutOff = marked ? await this.cutOff(ctx, row) : 'none';
      if (cutOff === 'unknown') {
        await this.markUnknown(ctx, row, mine, now, log);
        return;
      }
      if (cutOff !== 'none' && cutOff !== 'absent') {
        // Accepted before the cut: recorded as sent, not sent again.
        providerId = cutOff.providerId;
        note = 'found at the provider after a cut-off send: not sent again';
      } else {
        if (marked) {
          await ctx.db
            .update(outbox)
            .set({ sendStartedAt: new Date(now), updatedAt: new Date(now) })
            .where(mine);
          ambiguous = true;
        }
        sending = true;
        providerId = await this.send(ctx, row, now);
      }
      sent.push({
        id: row.id,
        attempts: row.attempts + (note ? 0 : 1),
        provider: row.channel === 'sms' ? ctx.sms.name : 'webpush',
        provider_id: providerId,
        at: new Date(now).toISOString(),
        log: note
          ? [...row.attemptLog, { at: new Date(now).toISOString(), ok: true, error: note }]
          : log(true),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const attempts = row.attempts + 1;
      const next = now + backoffMs(attempts, this.opts.random);
      const permanent = err instanceof SmsSendError ? err.permanent : err instanceof Gone;
      const giveUp =
        permanent ||
        attempts >= MAX_ATTEMPTS ||
        (row.deadline !== null && next > row.deadline.getTime());
      const replaced = err instanceof Gone && err.fallback;
      // The provider answered the send with a refusal: it did not take the message. No answer
      // at all (unreachable, a timeout), or a failure to look a cut-off send up: it may have, and
      // the mark stays.
      const answered = sending && err instanceof SmsSendError && err.status !== undefined;
      const stillAmbiguous = ambiguous && !answered;
      await ctx.db
        .update(outbox)
        .set({
          // A push replaced by its SMS is no failure of the alert; a send whose outcome no one
          // could learn is unknown (the boards show it as failed).
          status: replaced
            ? 'replaced'
            : giveUp
              ? stillAmbiguous
                ? 'unknown'
                : 'failed'
              : 'pending',
          sendStartedAt: stillAmbiguous ? (row.sendStartedAt ?? new Date(now)) : null,
          attempts,
          nextAttemptAt: new Date(next),
          claimToken: null,
          claimedUntil: null,
          lastError: message.slice(0, 500),
          attemptLog: log(false, message.slice(0, 200)),
          updatedAt: new Date(now),
        })
        .where(mine);
      if (giveUp && !replaced && row.pobId !== null) this.opts.onFailed?.(ctx, row.pobId);
      this.opts.log.warn(
        {
          id: row.id,
          channel: row.channel,
          to: row.channel === 'sms' ? maskPhone(row.recipient) : undefined,
          err: message,
          attempts,
          giveUp,
        },
        'outbox send failed',
      );
      if (err instanceof Gone && err.fallback) await this.kickLater(ctx);
    }
  }

  /**
   * A row whose last request to a provider without idempotency keys was cut off: `none` when
   * nothing was cut off; else the provider's answer to "did you take this?" (`find`): the message
   * it took, or `absent` (send it). A provider that cannot be asked (no `find`) leaves it
   * `unknown` for a message whose repeat is worse than its loss (see RESEND_UNCONFIRMED); the
   * others are sent again. A failure to ask throws, and the row is tried again later.
   */
  private async cutOff(
    ctx: MarketContext,
    row: OutboxRow,
  ): Promise<'none' | 'absent' | 'unknown' | { providerId: string }> {
    if (row.sendStartedAt === null) return 'none';
    if (!ctx.sms.find) {
      return RESEND_UNCONFIRMED.has(row.purpose as OutboxPurpose) ? 'absent' : 'unknown';
    }
    const found = await ctx.sms.find(
      { to: row.recipient, text: row.body },
      row.sendStartedAt.getTime(),
    );
    return found ?? 'absent';
  }

  private async markUnknown(
    ctx: MarketContext,
    row: OutboxRow,
    mine: ReturnType<typeof and>,
    now: number,
    log: (ok: boolean, error?: string) => OutboxAttempt[],
  ): Promise<void> {
    const error = 'cut off after the request went out; the provider cannot be asked: not resent';
    await ctx.db
      .update(outbox)
      .set({
        status: 'unknown',
        claimToken: null,
        claimedUntil: null,
        lastError: error,
        attemptLog: log(false, error),
        updatedAt: new Date(now),
      })
      .where(mine);
    this.opts.log.warn({ id: row.id, purpose: row.purpose }, 'outbox message outcome unknown');
    if (row.pobId !== null) this.opts.onFailed?.(ctx, row.pobId);
  }

  /** Sends one row; answers the provider's id. Throws Gone for a push subscription that ended. */
  private async send(ctx: MarketContext, row: OutboxRow, now: number): Promise<string | null> {
    if (row.channel === 'sms') {
      const base = this.opts.publicUrl?.replace(/\/$/, '');
      const sent = await ctx.sms.send({
        to: row.recipient,
        text: row.body,
        key: row.key,
        statusUrl: base ? `${base}/api/${ctx.market}/sms/status/${ctx.sms.name}` : undefined,
      });
      return sent.providerId;
    }
    const push = this.opts.push();
    const customerId = Number(row.recipient);
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, customerId));
    const message = JSON.parse(row.body) as PushMessage;
    if (push && customer?.fcmToken) {
      const delivered = await push.send(customer.fcmToken, message);
      if (delivered) return null;
      // 404/410: the subscription is gone. Forget it (unless it changed meanwhile).
      await ctx.db
        .update(customers)
        .set({ fcmToken: null })
        .where(and(eq(customers.id, customerId), eq(customers.fcmToken, customer.fcmToken)));
    }
    // No push any more: the same message by SMS where the customer allows it, once (its own key);
    // never when they chose push only for this order (docs/messages.md): then it failed.
    const pushOnly = row.orderId !== null && (await orderChannel(ctx, row.orderId)) === 'push';
    const fallback =
      customer?.allowSms === true && !pushOnly
        ? await enqueue(
            ctx.db,
            [
              {
                key: `${row.key}:sms`,
                channel: 'sms',
                purpose: row.purpose as OutboxPurpose,
                recipient: customer.phone,
                body: message.body,
                customerId,
                orderId: row.orderId,
                pobId: row.pobId,
                deadline: row.deadline?.getTime() ?? null,
              },
            ],
            now,
          )
        : 0;
    throw new Gone(fallback > 0, pushOnly);
  }

  private async kickLater(ctx: MarketContext): Promise<void> {
    this.again.add(ctx.market);
  }
}

/** The push subscription has ended (404/410) or is missing. */
class Gone extends Error {
  constructor(
    readonly fallback: boolean,
    pushOnly = false,
  ) {
    super(
      fallback
        ? 'push subscription gone: sent by SMS instead'
        : pushOnly
          ? 'push subscription gone: the customer chose push only, not sent by SMS'
          : 'push subscription gone',
    );
  }
}

/** The alert channel the customer chose for an order (null: the default). */
async function orderChannel(ctx: MarketContext, orderId: number): Promise<string | null> {
  const [o] = await ctx.db
    .select({ channel: orders.alertChannel })
    .from(orders)
    .where(eq(orders.id, orderId));
  return o?.channel ?? null;
}

/**
 * A provider's delivery report: the row sent with this id becomes delivered or failed (a late
 * "sent" never undoes "delivered"). Answers the row's shop, or null when no row matched.
 */
export async function applyStatus(
  db: Db,
  provider: string,
  report: StatusReport,
  now: number,
): Promise<{ pobId: number | null } | null> {
  const at = new Date(now);
  const set =
    report.status === 'delivered'
      ? { status: 'delivered', deliveredAt: at, updatedAt: at }
      : report.status === 'failed'
        ? {
            status: 'failed',
            lastError: report.error ?? 'the provider reported a failure',
            updatedAt: at,
          }
        : { updatedAt: at };
  const rows = await db
    .update(outbox)
    .set(set)
    .where(
      and(
        eq(outbox.provider, provider),
        eq(outbox.providerId, report.providerId),
        // A report arriving twice or out of order: delivered stays delivered.
        sql`${outbox.status} <> 'delivered'`,
      ),
    )
    .returning({ pobId: outbox.pobId });
  return rows[0] ?? null;
}
