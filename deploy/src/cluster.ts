// `npm run cluster -- --nodes 3`: N Jono nodes on DATABASE_URL and nginx in front of them, on
// this machine, in the foreground. Ctrl-C stops everything. A node that dies is started again,
// as systemd would (deploy/systemd/jono@.service).
import { parseArgs } from 'node:util';
import { startBalancer, type Balancer } from './nginx';
import { startNode, type JonoNode } from './nodes';
import { sleep } from './processes';

const USAGE = `Usage: DATABASE_URL=postgres://... npm run cluster -- [--nodes N] [--port P]

Starts N Jono nodes (default 2) on ports P+1..P+N of 127.0.0.1 and nginx on P (default: $PORT or
3000) balancing between them, all sharing DATABASE_URL and DATA_DIR (default ./data, where the
first node keeps the generated token and push keys for all). Ctrl-C stops everything.`;

function options() {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '2' },
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      host: { type: 'string', default: '0.0.0.0' },
      help: { type: 'boolean', default: false },
    },
  });
  const nodes = Number(values.nodes);
  const port = Number(values.port);
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 32) fail('--nodes: 1 to 32');
  if (!Number.isInteger(port) || port < 1 || port + nodes > 65535) fail('--port: a free port');
  if (!process.env.DATABASE_URL) {
    fail('DATABASE_URL is not set: several nodes share one PostgreSQL (PGlite is one process).');
  }
  return { nodes, port, host: values.host };
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const log = (message: string) => console.log(`[cluster] ${message}`);

async function main() {
  const { nodes: count, port, host } = options();
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? './data' };
  const nodes: JonoNode[] = [];
  let balancer: Balancer | undefined;
  let stopping = false;

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    await balancer?.stop(5000);
    await Promise.all(nodes.map((n) => n.stop()));
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const nodeOptions = (i: number) => ({
    name: `node${i + 1}`,
    port: port + 1 + i,
    env,
    seed: i === 0,
  });
  const start = async (i: number) => {
    log(`starting node${i + 1} on 127.0.0.1:${port + 1 + i}`);
    const node = await startNode(nodeOptions(i));
    nodes[i] = node;
    return node;
  };
  try {
    // The first node alone: it migrates the database and seeds an empty one; then the others.
    await start(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, k) => start(k + 1)));
    balancer = await startBalancer({
      nodes: nodes.map((n) => `127.0.0.1:${n.port}`),
      host,
      port,
    });
  } catch (err) {
    log(`could not start: ${err instanceof Error ? err.message : String(err)}`);
    return stopAll(1);
  }
  const shown = host === '0.0.0.0' ? 'localhost' : host;
  log(`${count} node(s) behind nginx: http://${shown}:${port}/ (Ctrl-C stops)`);

  // Supervise: nginx gone is fatal; a node gone is started again (nginx sends its traffic to
  // the others meanwhile).
  void balancer.exited.then(() => {
    if (!stopping) {
      log('nginx exited');
      void stopAll(1);
    }
  });
  nodes.forEach((node, i) => void supervise(i, node));
  async function supervise(i: number, first: JonoNode) {
    let node = first;
    for (;;) {
      await node.exited;
      if (stopping) return;
      log(`${node.name} exited (${node.child.exitCode ?? node.child.signalCode}); restarting`);
      await sleep(2000);
      if (stopping) return;
      try {
        node = await startNode({ ...nodeOptions(i), seed: false });
        nodes[i] = node;
        log(`${node.name} is back`);
      } catch (err) {
        log(`${node.name} did not start: ${String(err)}`);
      }
    }
  }
}

await main();
