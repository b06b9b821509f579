// Compiles the server to JavaScript for production: `dist/server.js` (and `dist/seed-cli.js`,
// `dist/pglite-thread.js`),
// run with plain node. The workspace packages (@jono/contract, @jono/queue) are TypeScript
// sources, so they are bundled in; every npm dependency stays an ordinary import from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const started = Date.now();
const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  // The embedded database's worker thread (PGLITE_THREAD=on) is loaded by its file name.
  entryPoints: ['src/server.ts', 'src/db/seed-cli.ts', 'src/db/pglite-thread.ts'],
  absWorkingDir: root,
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-dependencies-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@jono/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`server built to server/dist in ${Date.now() - started} ms`);
