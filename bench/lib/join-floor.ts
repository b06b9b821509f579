// The floor of the joins bench (issue 29, Deliver 3): a bare Fastify route on the same PostgreSQL
// that does what every join must, and nothing else: in one transaction, take the shop's advisory
// lock (the same key as Jono's) and insert one row; a cancel updates that row under the same
// lock. The same paths and bodies as Jono's, so the same load generator drives it. Run by
// bench/joins.ts: `node --import tsx join-floor.ts <port> <database-url>`.
import Fastify from 'fastify';
import pg from 'pg';

const [portArg, url] = process.argv.slice(2);
// Jono's pool size (server/src/db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query(
  `create table if not exists join_floor (id serial primary key, pob_id int not null, customer_id int not null, status text not null default 'active', joined_at timestamptz not null default now())`,
);

async function locked<T>(pobId: number, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    await c.query('select pg_advisory_xact_lock(hashtext($1), $2::int)', ['jono_fi', pobId]);
    const result = await work(c);
    await c.query('commit');
    return result;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

const app = Fastify({ logger: false });
app.post<{ Params: { id: string }; Body: { pob_id: number } }>(
  '/api/fi/customers/:id/orders/',
  async (request, reply) => {
    const pobId = Number(request.body.pob_id);
    const id = await locked(pobId, async (c) => {
      const r = await c.query<{ id: number }>(
        'insert into join_floor (pob_id, customer_id) values ($1, $2) returning id',
        [pobId, Number(request.params.id)],
      );
      return r.rows[0]?.id;
    });
    return reply.code(201).send({ id });
  },
);
app.patch<{ Params: { id: string; orderId: string } }>(
  '/api/fi/customers/:id/orders/:orderId/',
  async (request) => {
    const orderId = Number(request.params.orderId);
    const [row] = (
      await pool.query<{ pob_id: number }>('select pob_id from join_floor where id = $1', [orderId])
    ).rows;
    await locked(row?.pob_id ?? 0, (c) =>
      c.query(`update join_floor set status = 'cancelled' where id = $1`, [orderId]),
    );
    return { id: orderId, status: 'cancelled' };
  },
);
// The cleanup after a run lists a customer's orders: none are left active here.
app.get('/api/fi/customers/:id/orders/', async () => ({ items: [] }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(portArg), host: '127.0.0.1' });
// A clean exit on SIGTERM (the bench's stop), so that --cpu-prof writes its profile.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
