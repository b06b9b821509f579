// One error shape for every answer: `{error, message, fields?}`; 5xx answers carry no internals.
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ruleMessage } from '@jono/contract';
import { HttpError } from '../lib/http-error';

export default fp(async (app) => {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({
        error: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        if (!(key in fields)) fields[key] = ruleMessage(v.message ?? 'Invalid value');
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.code(400).send({ error: 'validation', message: first, fields });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) {
      return reply
        .code(413)
        .send({ error: 'payload_too_large', message: 'The request body is too large' });
    }
    if (status === 429) {
      const message = (err as { message?: string }).message || 'Too many requests, try again later';
      return reply.code(429).send({ error: 'rate_limited', message });
    }
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: 'bad_request', message: (err as Error).message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'internal', message: 'Something went wrong on our side' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
});
