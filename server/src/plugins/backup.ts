// POST /admin/backup: a consistent copy of the embedded database while the node runs (every
// market; a gzipped tar of PGlite's data directory taken between two transactions after a
// CHECKPOINT, see db/pglite.ts), for `npm run backup`. Answers only a request from this machine
// itself, straight to the node (no proxy header), with the backup token (lib/backups.ts); 404
// to anyone else and on PostgreSQL, which has pg_dump and PITR instead (docs/operations.md).
import fp from 'fastify-plugin';
import { backupToken, tokenMatches } from '../lib/backups';
import { fromThisMachine } from '../lib/this-machine';

export default fp<{ backup?: () => Promise<Blob> }>(
  async (app, opts) => {
    const token = backupToken(app.env.jwtSecret);
    app.post('/admin/backup', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization?.replace(/^Bearer /, '');
      if (!opts.backup || !fromThisMachine(request) || !tokenMatches(given, token)) {
        return reply.callNotFound();
      }
      const started = performance.now();
      const copy = await opts.backup();
      request.log.info(
        { bytes: copy.size, ms: Math.round(performance.now() - started) },
        'backup taken',
      );
      reply.header('content-type', 'application/gzip');
      reply.header('cache-control', 'no-store');
      return reply.send(Buffer.from(await copy.arrayBuffer()));
    });
  },
  { name: 'jono-backup' },
);
