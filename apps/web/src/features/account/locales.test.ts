// Every language has every key of every namespace, none empty, with the same placeholders; every
// validation message of the contract is translated in every language.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGES_EN } from '@jono/contract';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Flat = Map<string, string>;
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, typeof value === 'string' ? value : String(value));
  }
  return out;
}

const byLanguage = new Map<string, Map<string, Flat>>();
for (const [path, content] of Object.entries(files)) {
  const [, , , language = '', file = ''] = path.split('/');
  const namespace = file.replace(/\.json$/, '');
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)?.set(namespace, flatten(content));
}

const namespaces = [...new Set([...byLanguage.values()].flatMap((ns) => [...ns.keys()]))].sort();
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The union of keys of a namespace over English and Finnish, the languages written first. */
function referenceKeys(namespace: string): string[] {
  const keys = new Set<string>();
  for (const language of ['en', 'fi']) {
    byLanguage
      .get(language)
      ?.get(namespace)
      ?.forEach((_, key) => keys.add(key));
  }
  return [...keys].sort();
}

describe('translations', () => {
  it('exist as a folder for each of the seven languages', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each([...LANGUAGES])('%s', (language) => {
    it.each(namespaces)('has every key of %s, none empty, with the same placeholders', (ns) => {
      const strings = byLanguage.get(language)?.get(ns);
      const english = byLanguage.get('en')?.get(ns);
      const problems: string[] = [];
      for (const key of referenceKeys(ns)) {
        const text = strings?.get(key);
        if (text === undefined) problems.push(`${key}: missing`);
        else if (text.trim() === '' && english?.get(key) !== '') problems.push(`${key}: empty`);
        else if (
          english?.has(key) &&
          placeholders(text).join() !== placeholders(english.get(key) ?? '').join()
        ) {
          problems.push(`${key}: placeholders differ from English`);
        }
      }
      strings?.forEach((_, key) => {
        if (!referenceKeys(ns).includes(key)) problems.push(`${key}: not in en/fi`);
      });
      expect(problems).toEqual([]);
    });

    it('translates every validation message of the contract', () => {
      const namespaceOf = (key: string) =>
        key.startsWith('login.') ? 'auth' : key.startsWith('bonus.') ? 'bonus' : 'account';
      const missing = Object.keys(MESSAGES_EN).filter(
        (key) => !byLanguage.get(language)?.get(namespaceOf(key))?.get(key)?.trim(),
      );
      expect(missing).toEqual([]);
    });
  });
});
