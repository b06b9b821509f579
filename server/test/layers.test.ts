// The server's layers (docs/architecture.md "Layers"): each folder imports only from itself and
// the layers below it. Checked on the import statements of every source file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Lowest first; a layer may import its own and every layer before it. */
const LAYERS = ['lib', 'config', 'db', 'services', 'plugins', 'routes', 'top'] as const;
type Layer = (typeof LAYERS)[number];

function layerOf(file: string): Layer {
  const rel = relative(SRC, file);
  if (/-cli\.ts$/.test(rel)) return 'top'; // commands: they build the whole app
  if (rel === 'context.ts') return 'services'; // the per-market services' types
  const top = rel.split('/')[0] ?? '';
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : 'top';
}

/** Imports below their layer's reach, known and kept (each with its reason). */
const KNOWN: Record<string, string> = {
  // The ready-reads path answers before routing from the read cache the routes fill.
  'lib/fast-reads.ts -> services/read-cache.ts': 'answers before routing',
  // The demo receipts are built the way the service builds real ones.
  'db/seed.ts -> services/receipts.ts': 'demo data as the service makes it',
  'db/seed.ts -> context.ts': 'seeds a market through its context (a type)',
  // The manager-only tag is declared once with the routes' parameters.
  'plugins/route-auth.ts -> routes/params.ts': 'one tag for docs and auth',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function target(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next
    }
  }
  return `${base}.ts`;
}

describe('layers', () => {
  it('every import stays within its layer or below', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const to = target(file, m[1] ?? '');
        const edge = `${relative(SRC, file)} -> ${relative(SRC, to)}`;
        if (LAYERS.indexOf(layerOf(to)) > LAYERS.indexOf(layerOf(file)) && !KNOWN[edge]) {
          found.push(`${edge} (${layerOf(file)} imports ${layerOf(to)})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
