// The customer app's own translations, so a journey in Norwegian, Danish, Swedish or Estonian
// finds the same labels a person there reads (apps/web/src/locales/{language}/{namespace}.json).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type AppLanguage = 'fi' | 'ee' | 'en' | 'no' | 'sv' | 'dk' | 'de';

const LOCALES = resolve(import.meta.dirname, '../../apps/web/src/locales');

/** `t('account:register.phone')` in the language; `{{name}}` placeholders are filled from `values`. */
export function translator(language: AppLanguage) {
  const cache = new Map<string, Record<string, unknown>>();
  return (key: string, values: Record<string, string | number> = {}): string => {
    const [namespace = 'common', path = ''] = key.includes(':') ? key.split(':') : ['common', key];
    let file = cache.get(namespace);
    if (!file) {
      file = JSON.parse(readFileSync(`${LOCALES}/${language}/${namespace}.json`, 'utf8')) as Record<
        string,
        unknown
      >;
      cache.set(namespace, file);
    }
    let value: unknown = file;
    for (const part of path.split('.')) {
      value =
        value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value !== 'string') throw new Error(`No ${language} translation for ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
