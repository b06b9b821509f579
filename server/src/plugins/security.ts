// Security headers (a Content-Security-Policy that allows only what the apps need) and CORS.
// Pages and assets get helmet's full set; JSON answers get only what an API needs: they are
// never rendered as documents, so the page policies are bytes on every call and nothing more.
// helmet builds the headers; they depend on nothing in the request, so they are built once and
// set on every reply. (@fastify/helmet rebuilt helmet on every request: parsing the CSP
// directives was 6 % of the server's CPU time under the shop-list benchmark.)
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import { addRouteAuth } from './route-auth';

/** The headers helmet would set with these options, captured from one run of its middleware. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** The image origins of the map tile template: its host, or every subdomain for a {s} host. */
export function tileOrigins(template: string): string[] {
  const match = /^https:\/\/([^/]+)/.exec(template);
  if (!match?.[1]) return [];
  const host = match[1];
  return host.includes('{s}')
    ? [`https://${host.replace(/^.*\{s\}\.?/, '*.')}`]
    : [`https://${host}`];
}

/** The operators' paths: health, readiness and metrics (plugins/health.ts, plugins/metrics.ts). */
export const OPERATOR_PATHS: readonly string[] = ['/healthz', '/readyz', '/metrics'];

/** The API's and the operators' paths: never a page (the API docs are a page). */
export function isApiPath(url: string): boolean {
  if (url.startsWith('/api/docs')) return false;
  return url.startsWith('/api/') || OPERATOR_PATHS.includes(url.split('?')[0] ?? '');
}

/** Headers of a JSON answer: not a document, not sniffed, no referrer, HSTS in production. */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export default fp(async (app) => {
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(app.env.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.env.production,
  });
  const apiHeaders = apiSecurityHeaders(app.env.production);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : securityHeaders);
  });
  await app.register(cors, {
    origin: app.env.CORS_ORIGINS.length ? app.env.CORS_ORIGINS : false,
    // The API changes profiles and orders with PATCH and manages staff data with PUT and DELETE.
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    credentials: false,
  });
  addRouteAuth(app);
});
