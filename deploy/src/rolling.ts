// A rolling restart of N nodes behind nginx with no failed request (README "Rolling restart"):
// one node at a time is drained at the balancer (marked `down`, nginx reloaded: its new workers
// send the node nothing, and a POST is never caught on its way to a closing node), stopped with
// SIGTERM (it answers what it has in flight, ends its live streams, whose clients reconnect to
// the other nodes with Last-Event-ID, and closes), started again (the new version migrates: an
// expand-only migration, which the nodes still running the old version ignore), and put back once
// it answers /readyz.
import type { Balancer } from './nginx';
import type { JonoNode } from './nodes';

export interface RollingOptions {
  balancer: Balancer;
  nodes: readonly JonoNode[];
  /** Starts the node anew (the new version) on the same port; resolves when it answers /readyz. */
  start: (old: JonoNode) => Promise<JonoNode>;
  /** How long a node may take to drain and stop after SIGTERM before it is killed. */
  stopGraceMs?: number;
  log?: (message: string) => void;
}

/** Restarts every node in turn; answers the new nodes, in the same order. */
export async function rollingRestart(opts: RollingOptions): Promise<JonoNode[]> {
  const fresh: JonoNode[] = [];
  const log = opts.log ?? (() => undefined);
  for (const node of opts.nodes) {
    const upstream = `127.0.0.1:${node.port}`;
    log(`draining ${upstream}`);
    await opts.balancer.reload([upstream]);
    await node.stop(opts.stopGraceMs ?? 20_000);
    log(`${upstream} stopped; starting it again`);
    const started = await opts.start(node);
    await opts.balancer.reload([]);
    log(`${upstream} is back`);
    fresh.push(started);
  }
  return fresh;
}
