// Vite build and dev server of the customer app; /api goes to the Jono server in development.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { localesPlugin } from './locales.plugin';
import { pwaPlugin } from './pwa.config';

// Every module the entry and the start screen (the shop list) import statically: all of it loads
// on nearly every first visit anyway, and one file compresses better than the dozen small shared
// chunks the bundler would cut from it. Not followed: barrels that re-export what only lazy
// screens use (the contract's schemas, zod, TanStack Query's index with useMutation, the entry
// files of @jono/ui and @jono/api-client, whose dialogs, fields and toasts belong to later screens).
const BARRELS =
  /packages[\\/]contract[\\/]|packages[\\/](ui|api-client)[\\/]src[\\/]index\.ts$|node_modules[\\/]zod[\\/]|@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/]index/;
const FIRST_SCREEN_ROOTS = /src[\\/](main\.tsx|features[\\/]shops[\\/]routes[\\/]home\.tsx)$/;
const firstScreen = new Set<string>();
const collectFirstScreen: Plugin = {
  name: 'jono:first-screen',
  apply: 'build',
  buildEnd() {
    firstScreen.clear();
    const queue = [...this.getModuleIds()].filter((id) => FIRST_SCREEN_ROOTS.test(id));
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (firstScreen.has(id)) continue;
      firstScreen.add(id);
      const imported = this.getModuleInfo(id)?.importedIds ?? [];
      queue.push(...imported.filter((dep) => !BARRELS.test(dep)));
    }
  },
};

// React Router's package exports only its development build (warnings and invariant texts kept);
// the production build beside it is the same code without them, 0.5 kB less gzip on /home.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// React Router's build assigns displayName to its components and calls forwardRef unannotated,
// so the bundler keeps every component whether the app uses it or not (Form, ScrollRestoration,
// Link with its framework-mode prefetching: about 2.5 kB gzip on /home). Without the names, which
// only React's development tools read, and with the calls marked pure, the unused ones drop out.
const treeShakableReactRouter: Plugin = {
  name: 'jono:tree-shakable-react-router',
  apply: 'build',
  transform: {
    filter: { id: /react-router[\\/]dist[\\/]production[\\/]/ },
    handler(code) {
      return {
        code: code
          .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
          .replace(/\bReact\d*\.forwardRef\(/g, '/* @__PURE__ */ $&'),
        map: null,
      };
    },
  },
};

// The first-screen chunk asks V8 to compile all its functions at once, while the file is still
// streaming in, on a background thread (the magic comment of V8's explicit compile hints, Chrome
// 136 and later): every first visit runs most of them (React DOM's render and commit, i18next,
// TanStack Query, the app's shell), which V8 otherwise compiles lazily, one by one, on the main
// thread the first time each is called (13-16 ms of a first visit's main thread on this machine,
// 2-3 ms with the hint; other engines ignore the comment). The comment must open the file.
const compileFirstScreenEagerly: Plugin = {
  name: 'jono:compile-first-screen-eagerly',
  apply: 'build',
  // After Vite's own generateBundle, which puts its preload map at the top of the file.
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.name === 'first-screen') {
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      }
    },
  },
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    localesPlugin(),
    pwaPlugin(),
    collectFirstScreen,
    treeShakableReactRouter,
    compileFirstScreenEagerly,
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // The API and the shop images it serves (/media) come from the Jono server on port 3000.
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    // Every browser the app supports (es2022) knows <link rel="modulepreload">: no polyfill.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      // The contract builds its zod schemas at module level; marking it side-effect free lets
      // a screen that needs only constants leave the schemas (and zod) out.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]src/.test(id),
        // Building a zod schema (`z.object(...)`, `z.string().min(...)`) has no side effect, so a
        // contract file kept for one constant (SERVER_TEXT in errors.ts) drops its unused schemas
        // and zod stays off /home.
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'first-screen',
              test: (id: string) => firstScreen.has(id) && !id.endsWith('.css'),
            },
          ],
        },
      },
    },
  },
}));
