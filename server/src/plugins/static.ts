// Serves shop images at /media/, the built customer app at / and the staff console at /staff/,
// with SPA fallbacks for client-side routes.
import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MEDIA_DIR } from '../lib/paths';
import { OPERATOR_PATHS } from './security';

export default fp(async (app) => {
  const { WEB_DIST: web, STAFF_DIST: staffDist } = app.env;
  const noCache = (path: string) =>
    /(index\.html|sw\.js|manifest\.webmanifest|registerSW\.js)$/.test(path);
  const setHeaders = (res: { header(k: string, v: string): unknown }, path: string) => {
    res.header(
      'cache-control',
      noCache(path)
        ? 'no-cache'
        : path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
    );
  };
  await app.register(fastifyStatic, { root: MEDIA_DIR, prefix: '/media/', setHeaders });
  const hasWeb = existsSync(`${web}/index.html`);
  const hasStaff = existsSync(`${staffDist}/index.html`);
  // Built assets come with .br and .gz copies (scripts/precompress.mjs): sent by Accept-Encoding.
  const common = {
    decorateReply: false,
    wildcard: false,
    setHeaders,
    index: false,
    preCompressed: true,
  } as const;
  if (hasWeb) await app.register(fastifyStatic, { root: web, prefix: '/', ...common });
  if (hasStaff)
    await app.register(fastifyStatic, { root: staffDist, prefix: '/staff/', ...common });

  // Client-side routes: any GET that is not an API or file path gets the app's index.html.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/media/') || OPERATOR_PATHS.includes(path)) {
      return;
    }
    if (/\.[a-z0-9]+$/i.test(path)) return;
    if (path === '/staff' || path.startsWith('/staff/')) {
      if (!hasStaff) return;
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', staffDist);
    }
    if (!hasWeb) return;
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', web);
  });
});
