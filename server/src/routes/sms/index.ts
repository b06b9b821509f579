// The SMS provider's webhooks: inbound messages (answers by SMS) and delivery reports. Each is
// checked with the provider's signature or shared secret before anything is read; the provider is
// the one the server sends with (a webhook of another is 404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/http-error';
import { applyStatus } from '../../services/outbox';
import { handleInboundSms } from '../../services/sms-replies';
import type { WebhookRequest } from '../../services/sms';
import { marketCtx, marketParams } from '../params';

/** A webhook body as parsed here: its raw text (signatures) and its parameters. */
interface ParsedBody {
  raw: string;
  params: Record<string, string>;
}

const providerParams = marketParams.extend({ provider: z.enum(['http', '46elks', 'twilio']) });

function stringParams(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  }
  return out;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  // Only in this plugin: bodies are kept raw (signatures are over the bytes or the form).
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (request, body, done) => {
      const raw = body as string;
      try {
        const json = request.headers['content-type']?.startsWith('application/json') === true;
        const params = json
          ? stringParams(JSON.parse(raw))
          : Object.fromEntries(new URLSearchParams(raw));
        done(null, { raw, params } satisfies ParsedBody);
      } catch {
        done(new HttpError(400, 'bad_request', 'The body could not be read'), undefined);
      }
    },
  );

  const webhookOf = (request: FastifyRequest): WebhookRequest => {
    const body = (request.body ?? { raw: '', params: {} }) as ParsedBody;
    // The URL the provider called: the configured public one (behind a proxy the Host seen here
    // is not what the provider signed), else this request's own.
    const base =
      app.env.SMS_PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
    const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    return {
      url: base + request.url,
      headers: request.headers,
      rawBody: body.raw,
      params: body.params,
      query,
    };
  };

  const providerOf = (market: Parameters<typeof marketCtx>[1], name: string) => {
    const ctx = marketCtx(app, market);
    // Webhooks of a provider this server does not send with do not exist here.
    if (ctx.sms.name !== name) throw notFound(`No SMS provider ${name} here`);
    return ctx;
  };

  const answer = { 200: z.any() };

  app.post(
    '/sms/inbound/:provider',
    {
      schema: {
        tags: ['sms'],
        summary: "The SMS provider's inbound message webhook (answers by SMS)",
        description: [
          'Posted by the provider configured with SMS_PROVIDER, in its own format: `http` JSON `{id, from, text}` signed `X-Jono-Signature: sha256=<HMAC-SHA256 hex of the body>`; `46elks` form `id, from, to, message` with `?secret=` in the URL; `twilio` form `MessageSid, From, Body` signed `X-Twilio-Signature`.',
          "The text is matched to the active order of that phone in this market (the customer's, or a kiosk walk-in's that left the number): HERE, LATE 15 / MORE TIME, CANCEL, REJOIN, STATUS in any SMS language; anything else gets the help text. The answer is sent by SMS in the customer's language. The same message twice acts once.",
          '',
          '- 401 `unauthorized`: the signature or secret does not match',
          '- 404 `not_found`: the server sends with another provider',
        ].join('\n'),
        params: providerParams,
        response: answer,
      },
    },
    async (request, reply) => {
      const { market, provider } = request.params;
      const ctx = providerOf(market, provider);
      const hook = webhookOf(request);
      if (!ctx.sms.verify(hook)) throw new HttpError(401, 'unauthorized', 'Bad signature');
      const inbound = ctx.sms.inbound(hook);
      if (!inbound) throw new HttpError(400, 'bad_request', 'Not an inbound message');
      const done = await handleInboundSms(
        { ctx, queue: app.queue, now: app.now, limits: app.limits },
        provider,
        inbound,
      );
      if (done.outcome === 'answered') await app.outbox.kick(ctx);
      return reply.type(ctx.sms.answer.type).send(ctx.sms.answer.body);
    },
  );

  app.post(
    '/sms/status/:provider',
    {
      schema: {
        tags: ['sms'],
        summary: "The SMS provider's delivery report webhook",
        description: [
          'Posted by the provider for each message sent with a status URL (SMS_PUBLIC_URL set): `http` JSON `{id, status: sent|delivered|failed, error?}` signed like inbound messages; `46elks` form `id, status, delivered` with `?secret=`; `twilio` form `MessageSid, MessageStatus, ErrorCode` signed `X-Twilio-Signature`. Updates the outbox row sent with that id: a failed one shows on the staff board.',
          '',
          '- 401 `unauthorized`: the signature or secret does not match',
        ].join('\n'),
        params: providerParams,
        response: answer,
      },
    },
    async (request, reply) => {
      const { market, provider } = request.params;
      const ctx = providerOf(market, provider);
      const hook = webhookOf(request);
      if (!ctx.sms.verify(hook)) throw new HttpError(401, 'unauthorized', 'Bad signature');
      const report = ctx.sms.status(hook);
      if (!report) throw new HttpError(400, 'bad_request', 'Not a delivery report');
      const matched = await applyStatus(ctx.db, provider, report, app.now());
      if (matched && report.status === 'failed') {
        // The board shows a failed alert: its shop's listeners hear it.
        request.log.warn({ provider }, 'the provider reported a failed SMS');
        if (matched.pobId !== null) await app.queue.changed(ctx, matched.pobId);
      }
      return reply.type(ctx.sms.answer.type).send(ctx.sms.answer.body);
    },
  );
};

export default routes;
