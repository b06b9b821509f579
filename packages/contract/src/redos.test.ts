// No super-linear work on input (issue 27): every string schema of the contract, found by walking
// every exported schema, is given adversarial text one character over its maximum length and text
// as long as a request body can carry, and must answer within a CPU-time bound. A quadratic
// pattern (the registration email's `^\S+@\S+` took 13 s on 60,000 at signs) or a pattern that
// runs on text its length check already refused fails here.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index';

type Schema = z.ZodType & {
  _zod: { def: Record<string, unknown> & { type: string } };
  maxLength?: number | null;
};

function isSchema(value: unknown): value is Schema {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { _zod?: { def?: { type?: unknown } } })._zod?.def?.type === 'string'
  );
}

/** Every schema that parses a string (string schemas and pipes or wrappers starting with one). */
function stringSchemas(roots: unknown[]): Map<Schema, string> {
  const found = new Map<Schema, string>();
  const seen = new Set<unknown>();
  const takesString = (s: Schema): boolean => {
    const def = s._zod.def;
    if (def.type === 'string') return true;
    if (def.type === 'pipe') return isSchema(def.in) && takesString(def.in);
    return false;
  };
  const walk = (value: unknown, path: string): void => {
    if (!isSchema(value) || seen.has(value)) return;
    seen.add(value);
    const def = value._zod.def;
    if (takesString(value)) found.set(value, path);
    const children: [string, unknown][] = [];
    if (def.type === 'object') {
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        children.push([`${path}.${k}`, v]);
      }
    }
    for (const key of [
      'innerType',
      'in',
      'out',
      'element',
      'keyType',
      'valueType',
      'left',
      'right',
    ]) {
      if (key in def) children.push([path, def[key]]);
    }
    for (const key of ['options', 'items']) {
      if (Array.isArray(def[key])) for (const v of def[key] as unknown[]) children.push([path, v]);
    }
    for (const [p, child] of children) walk(child, p);
  };
  for (const [name, value] of Object.entries(roots[0] as Record<string, unknown>))
    walk(value, name);
  return found;
}

/** The largest body the server reads is 64 KiB: a text field can hold nearly that much. */
const BODY_SIZED = 60_000;
const UNITS = [
  '@',
  'a',
  ' ',
  '.',
  '"',
  '0',
  '-',
  '+',
  'a@',
  '@.',
  'a.',
  '"@',
  'a"',
  '1:',
  '\\',
  '<',
];
const PREFIXES = ['', 'a', '"', '+1'];
const SUFFIXES = ['', '!'];

function adversarial(length: number): string[] {
  const out: string[] = [];
  for (const prefix of PREFIXES) {
    for (const unit of UNITS) {
      for (const suffix of SUFFIXES) {
        const body = unit.repeat(Math.ceil(length / unit.length));
        out.push((prefix + body).slice(0, length - suffix.length) + suffix);
      }
    }
  }
  return out;
}

/**
 * CPU time of `fn` in milliseconds (user + system) on this thread, not wall time: the process's
 * figure also counts the garbage collector's helper threads and anything else the worker runs.
 */
function cpuMs(fn: () => void): number {
  const usage = (): NodeJS.CpuUsage =>
    typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
  const start = usage();
  fn();
  const end = usage();
  return (end.user - start.user + end.system - start.system) / 1000;
}

/**
 * The least CPU time of up to three runs of `fn`: one run over the bound may be a garbage
 * collection that landed in it (CI once saw 25 ms on a 1,001-character description); a pattern
 * that does super-linear work is over it every time.
 */
function leastCpuMs(fn: () => void, bound: number): number {
  let least = cpuMs(fn);
  for (let i = 1; i < 3 && least > bound; i++) least = Math.min(least, cpuMs(fn));
  return least;
}

const schemas = stringSchemas([contract]);

describe('no super-linear work on input', () => {
  it('finds the string schemas (the walk reaches into objects, wrappers and pipes)', () => {
    const paths = [...schemas.values()];
    expect(paths).toContain('registrationSchema.email');
    expect(paths).toContain('emailSchema');
    expect(paths.length).toBeGreaterThan(50);
  });

  // Each input gets 25 ms of CPU: linear patterns take well under 1 ms on 60,000 characters,
  // the quadratic email pattern took seconds.
  const BOUND_MS = 25;

  it('answers every string schema within the CPU bound at its maximum length plus one', () => {
    const slow: string[] = [];
    for (const [schema, path] of schemas) {
      const max = schema.maxLength ?? BODY_SIZED;
      for (const input of adversarial(max + 1)) {
        const ms = leastCpuMs(() => schema.safeParse(input), BOUND_MS);
        if (ms > BOUND_MS)
          slow.push(`${path} ${ms.toFixed(0)} ms on ${JSON.stringify(input.slice(0, 12))}…`);
      }
    }
    expect(slow).toEqual([]);
  });

  it('answers every string schema within the CPU bound on body-sized text', () => {
    const slow: string[] = [];
    const inputs = adversarial(BODY_SIZED).filter((_, i) => i % 2 === 1);
    for (const [schema, path] of schemas) {
      for (const input of inputs) {
        const ms = leastCpuMs(() => schema.safeParse(input), BOUND_MS);
        if (ms > BOUND_MS)
          slow.push(`${path} ${ms.toFixed(0)} ms on ${JSON.stringify(input.slice(0, 12))}…`);
      }
    }
    expect(slow).toEqual([]);
  });
});
