// Every language has every key of English, none empty, with the same {{placeholders}}.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jono/contract';

const files = import.meta.glob<Record<string, unknown>>('./*.json', {
  eager: true,
  import: 'default',
});

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (child && typeof child === 'object') flatten(child, path).forEach((v, k) => out.set(k, v));
      else out.set(path, child);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = flatten(files['./en.json']);

describe('translations', () => {
  it('has a file for each of the seven languages', () => {
    expect(Object.keys(files).sort()).toEqual(LANGUAGES.map((l) => `./${l}.json`).sort());
  });

  it.each(LANGUAGES)('%s has every key, none empty, with the same placeholders', (language) => {
    const strings = flatten(files[`./${language}.json`]);
    const missing = [...english.keys()].filter((key) => !strings.has(key));
    const extra = [...strings.keys()].filter((key) => !english.has(key));
    const empty = [...strings].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    const wrongPlaceholders = [...english]
      .filter(([key, v]) => {
        const other = strings.get(key);
        return (
          typeof other === 'string' && placeholders(String(v)).join() !== placeholders(other).join()
        );
      })
      .map(([key]) => key);
    expect({ missing, extra, empty, wrongPlaceholders }).toEqual({
      missing: [],
      extra: [],
      empty: [],
      wrongPlaceholders: [],
    });
  });
});
