// The queue engine as the server runs it, for the benches that time it or run it at length
// (engine-scale.ts; accuracy.ts's costs and simulated days): packages/queue bundled by esbuild as server/scripts/build.mjs bundles it
// into server/dist, and imported from that file. Timed through tsx instead, every inner function
// is wrapped by its `__name` helper (esbuild's keepNames), which made a five-waiting estimate
// cost 0.76 ms against the shipped code's 0.30 (session 18): a cost the server never pays. The
// accuracy bench's days come out the same to the byte (same code, same seeds) in 70 % of the time.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Queue from '@jono/queue';
import { build } from 'esbuild';
import { REPO_DIR, SCRATCH_DIR } from './paths';

export type QueueEngine = typeof Queue;

let loaded: Promise<QueueEngine> | undefined;

/** @jono/queue as shipped (built once per process into bench/.tmp). */
export function bundledQueue(): Promise<QueueEngine> {
  loaded ??= (async () => {
    mkdirSync(SCRATCH_DIR, { recursive: true });
    const outfile = join(SCRATCH_DIR, 'queue-engine.mjs');
    await build({
      entryPoints: [join(REPO_DIR, 'packages', 'queue', 'src', 'index.ts')],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      logLevel: 'warning',
    });
    return (await import(pathToFileURL(outfile).href)) as QueueEngine;
  })();
  return loaded;
}
