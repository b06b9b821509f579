// Folders the server reads at run time, found from the server package's root so that the same
// code works from its TypeScript sources (tsx, tests) and from the compiled bundle in dist/.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** The `server` folder of the repository. */
export const SERVER_ROOT = packageRoot(import.meta.dirname);
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'drizzle');
export const MEDIA_DIR = resolve(SERVER_ROOT, 'public/media');
export const REPO_ROOT = resolve(SERVER_ROOT, '..');
