// Sessions and accounts: login, refresh, logout, registration, recovery by SMS code, password change.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  SERVER_TEXT,
  loginAnswerSchema,
  loginSchema,
  normalisePhone,
  okAnswerSchema,
  passwordChangeSchema,
  refreshAnswerSchema,
  refreshSchema,
  registerAnswerSchema,
  registrationSchema,
  registerCodeSchema,
  contentLanguageOf,
  resetSchema,
  resetTokenSchema,
  APP_LANGUAGE_OF,
} from '@jono/contract';
import { customers, staff } from '../../db/schema';
import { staffSession } from '../../services/staff-auth';
import {
  DUMMY_HASH,
  checkPassword,
  hashPassword,
  upgradedHash,
  verifyPassword,
} from '../../lib/passwords';
import { HttpError } from '../../lib/http-error';
import { bearer, claimsOf, requireCustomer } from '../../lib/auth';
import {
  issueSession,
  revokeFamily,
  revokeOtherSessions,
  rotateSession,
} from '../../services/sessions';
import { checkRecoveryCode, codeRequestedFrom, requestRecoveryCode } from '../../services/recovery';
import { guardAttempt, isKnownAddress, rememberAddress } from '../../services/account-guard';
import { publishRevocation } from '../../services/revocation';
import { requestRegisterCode, usePhoneCode } from '../../services/phone-codes';
import { ipLimit } from '../../plugins/rate-limits';
import { marketCtx, marketParams } from '../params';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.post(
    '/login/',
    {
      config: ipLimit(app.limits.login),
      schema: {
        tags,
        summary: 'Log in with phone and password',
        description:
          "The language of `Accept-Language` (the app's) becomes the customer's `app_language`, which the SMS Jono sends use.",
        params: marketParams,
        body: loginSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const phone = normalisePhone(request.body.phone, ctx.info.dialCode);
      const identity = `customer:${phone}` as const;
      const attempt = await guardAttempt(app, ctx, 'login', identity, request.ip);
      const [row] = await ctx.db.select().from(customers).where(eq(customers.phone, phone));
      const { ok, rehash } = await checkPassword(
        request.body.password,
        row?.passwordHash ?? DUMMY_HASH,
      );
      if (!row || !ok) {
        throw new HttpError(401, 'invalid_credentials', 'Check the phone number and password', {
          phone: 'login.phoneError',
          password: 'login.passwordError',
        });
      }
      await attempt.succeeded();
      await rememberAddress(ctx, identity, request.ip, app.now());
      // The messages Jono sends later (turn near, leave now) speak the language of the app.
      const language = contentLanguageOf(request.headers['accept-language']);
      const appLanguage =
        language && APP_LANGUAGE_OF[language] !== row.appLanguage
          ? APP_LANGUAGE_OF[language]
          : undefined;
      // A hash of older parameters is replaced (unless the password changed meanwhile).
      if (appLanguage || rehash) {
        await ctx.db
          .update(customers)
          .set({
            ...(appLanguage ? { appLanguage } : {}),
            ...(rehash ? { passwordHash: upgradedHash(customers.passwordHash, row, rehash) } : {}),
          })
          .where(eq(customers.id, row.id));
      }
      return issueSession(ctx, app.tokens, row.id, app.now());
    },
  );

  app.post(
    '/refresh/',
    {
      config: ipLimit(app.limits.login),
      schema: {
        tags,
        summary:
          'Exchange a refresh token (bearer or body `refresh`) for a new access and refresh token',
        description:
          'Refresh tokens rotate: each is valid once. Using one twice revokes its whole family.',
        params: marketParams,
        body: refreshSchema.nullish(),
        response: { 200: refreshAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const token = request.body?.refresh ?? bearer(request);
      if (!token) throw new HttpError(401, 'unauthorized', 'Missing refresh token');
      return rotateSession(ctx, app.tokens, token, app.now(), (r) =>
        publishRevocation(app, ctx, r),
      );
    },
  );

  app.post(
    '/logout/',
    {
      schema: {
        tags,
        summary:
          "Revoke the current session (its refresh-token family; for staff, the account's token)",
        description:
          "A customer's refresh-token family is revoked. A staff token carries no refresh token: logout bumps the account's token version, so every token of that staff account is refused from then on (on every route and stream).",
        params: marketParams,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const claims = await claimsOf(request, ctx.market);
      if (claims.kind === 'customer' && claims.fam) {
        await revokeFamily(ctx, claims.fam, app.now());
        await publishRevocation(app, ctx, {
          kind: 'customer',
          customerId: Number(claims.sub),
          session: claims.fam,
        });
      }
      if (claims.kind === 'staff') {
        // Staff tokens are checked against the account's token version on every call: bumping
        // it (only if the token is still current) refuses this token at once, and its streams end.
        const staffId = Number(claims.sub);
        const [row] = await ctx.db.select().from(staff).where(eq(staff.id, staffId));
        if (row && claims.fam === staffSession(row)) {
          await ctx.db
            .update(staff)
            .set({ tokenVersion: sql`${staff.tokenVersion} + 1` })
            .where(eq(staff.id, staffId));
          await publishRevocation(app, ctx, { kind: 'staff', staffId });
        }
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/register-code/',
    {
      config: ipLimit(app.limits.register),
      schema: {
        tags,
        summary: 'Send a 6-digit registration code by SMS to the phone',
        description:
          'Registration step one: proves the customer holds the number. Answered alike for every valid number: a number that already has an account gets a text saying so instead of a code. A code is valid 15 minutes. At most 3 codes an hour per number and 10 per address (429); the market sends at most `SMS_CODES_PER_HOUR` code SMS an hour, its cost ceiling (503 `sms_budget` with Retry-After once spent).',
        params: marketParams,
        body: registerCodeSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      await requestRegisterCode(
        app,
        ctx,
        request.body.phone,
        request.ip,
        contentLanguageOf(request.headers['accept-language']) ?? ctx.info.language,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/register/',
    {
      config: ipLimit(app.limits.register),
      schema: {
        tags,
        summary: 'Register a customer',
        description:
          'Needs the code sent to the phone (POST /auth/register-code/): a wrong or expired code is 400 `invalid_token` naming `code`; wrong codes are limited per number and address (5 a day) and per number (10 a day), 429.',
        params: marketParams,
        body: registrationSchema,
        response: { 201: registerAnswerSchema },
      },
    },
    async (request, reply) => {
      const ctx = marketCtx(app, request.params.market);
      const body = request.body;
      await usePhoneCode(app, ctx, 'register', body.phone, null, body.code, request.ip);
      const passwordHash = await hashPassword(body.password);
      const inserted = await ctx.db
        .insert(customers)
        .values({
          phone: body.phone,
          passwordHash,
          email: body.email,
          firstname: body.firstname,
          lastname: body.lastname,
          allowEmail: body.allow_email,
          allowSms: body.allow_sms,
          // The language the customer registers in (the app sends it), else the market's.
          appLanguage:
            APP_LANGUAGE_OF[
              contentLanguageOf(request.headers['accept-language']) ?? ctx.info.language
            ],
        })
        .onConflictDoNothing({ target: customers.phone })
        .returning({ id: customers.id });
      const row = inserted[0];
      if (!row) {
        throw new HttpError(
          409,
          'conflict',
          'This phone number is already registered. Create a password through recovery.',
          {
            phone: 'register.alreadyCustomer',
          },
        );
      }
      // Holding the phone proves the owner: this address keeps its own allowance.
      await rememberAddress(ctx, `customer:${body.phone}`, request.ip, app.now());
      return reply.code(201).send({ customer_id: row.id });
    },
  );

  app.post(
    '/auth/reset-token/',
    {
      config: ipLimit(app.limits.recovery),
      schema: {
        tags,
        summary: 'Send an 8-digit recovery code by SMS',
        description:
          'A number that is not registered is 400 `Invalid phone number` (registration tells too: docs/decisions/008). Limited per phone and address, and per phone from addresses it has never logged in from (429).',
        params: marketParams,
        body: resetTokenSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { phone } = request.body;
      await guardAttempt(app, ctx, 'codeRequest', `customer:${phone}`, request.ip);
      const sent = await requestRecoveryCode(
        ctx,
        phone,
        request.ip,
        app.now(),
        contentLanguageOf(request.headers['accept-language']),
      );
      // Sent from the outbox at once (answered when the provider took it or the try failed: a
      // failed try is tried again with backoff until the code expires).
      if (sent === 'sent') await app.outbox.kick(ctx);
      if (sent === 'unknown') {
        throw new HttpError(400, 'validation', SERVER_TEXT.invalidPhone, {
          phone: 'recovery.invalidPhone',
        });
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset/',
    {
      config: ipLimit(app.limits.recovery),
      schema: {
        tags,
        summary: 'Set a new password with the SMS code',
        description: `Errors: ${[SERVER_TEXT.missingPhone, SERVER_TEXT.missingToken, SERVER_TEXT.missingPassword, SERVER_TEXT.passwordWeak, SERVER_TEXT.invalidPhone].join('; ')}. A code is valid 1 hour; wrong codes are limited per phone and address, and per phone from addresses that neither asked for the code nor ever logged in (429).`,
        params: marketParams,
        body: resetSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const { phone, token, password } = request.body;
      const identity = `customer:${phone}` as const;
      // An address the account knows checks against every live code. One that only asked for a
      // code checks against the codes it asked for, with its own allowance (so nobody can use up
      // the owner's); any other address shares the phone's daily cap.
      const known = await isKnownAddress(ctx, identity, request.ip, app.now());
      const askedHere = !known && (await codeRequestedFrom(ctx, phone, request.ip, app.now()));
      const attempt = await guardAttempt(app, ctx, 'codeCheck', identity, request.ip, {
        trusted: known || askedHere,
      });
      const customerId = await checkRecoveryCode(
        ctx,
        phone,
        token,
        app.now(),
        askedHere ? request.ip : undefined,
      );
      await attempt.succeeded();
      // Holding the phone proves the owner: this address now keeps its own allowance.
      await rememberAddress(ctx, identity, request.ip, app.now());
      await ctx.db
        .update(customers)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(customers.id, customerId));
      await revokeOtherSessions(ctx, customerId, undefined, app.now());
      await publishRevocation(app, ctx, { kind: 'customer', customerId });
      return { ok: true as const };
    },
  );

  app.post(
    '/password/',
    {
      config: ipLimit(app.limits.login),
      schema: {
        tags,
        summary: "Change the logged-in customer's password",
        description: 'Other sessions of the customer are revoked.',
        params: marketParams,
        body: passwordChangeSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const ctx = marketCtx(app, request.params.market);
      const claims = await claimsOf(request, ctx.market);
      const customerId = Number(claims.sub);
      await requireCustomer(request, ctx.market, customerId);
      const [row] = await ctx.db.select().from(customers).where(eq(customers.id, customerId));
      if (!row) throw new HttpError(404, 'not_found', SERVER_TEXT.userNotFound);
      // Counted before the check (a stolen access token must not guess the password freely).
      const attempt = await guardAttempt(
        app,
        ctx,
        'currentPassword',
        `customer:${customerId}`,
        request.ip,
        { trusted: false },
      );
      if (!(await verifyPassword(request.body.old_password, row.passwordHash))) {
        throw new HttpError(400, 'invalid_credentials', 'The current password is wrong', {
          old_password: 'The current password is wrong',
        });
      }
      await attempt.succeeded();
      await ctx.db
        .update(customers)
        .set({ passwordHash: await hashPassword(request.body.new_password) })
        .where(eq(customers.id, customerId));
      await revokeOtherSessions(ctx, customerId, claims.fam, app.now());
      await publishRevocation(app, ctx, {
        kind: 'customer',
        customerId,
        exceptSession: claims.fam,
      });
      return { ok: true as const };
    },
  );
};

export default routes;
