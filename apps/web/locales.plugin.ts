// Translation files as data: in a build, src/locales/{lng}/{ns}.json are copied (minified) to
// assets/locales-{hash}/, the hash taken over all of them, so the files are cached for good and a
// change to any text is a new folder. The app learns the folder and the languages through two
// constants (__LOCALES_BASE__, __LOCALE_LANGUAGES__) instead of a map of 70 hashed file names in
// its first-screen JavaScript. The dev server and the tests read the source folder.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('./src/locales/', import.meta.url));

interface LocaleFile {
  path: string;
  json: string;
}

function readLocales(): LocaleFile[] {
  const files: LocaleFile[] = [];
  for (const language of readdirSync(SOURCE).sort()) {
    for (const name of readdirSync(join(SOURCE, language)).sort()) {
      if (!name.endsWith('.json')) continue;
      const text = readFileSync(join(SOURCE, language, name), 'utf8');
      files.push({ path: `${language}/${name}`, json: JSON.stringify(JSON.parse(text)) });
    }
  }
  return files;
}

export function localesPlugin(): Plugin {
  let files: LocaleFile[] = [];
  let folder = '';
  return {
    name: 'jono:locales',
    config(_config, { command }) {
      files = readLocales();
      const hash = createHash('sha256');
      for (const file of files) hash.update(`${file.path}\n${file.json}\n`);
      folder = `assets/locales-${hash.digest('hex').slice(0, 10)}`;
      const languages = [...new Set(files.map((f) => f.path.split('/')[0]))];
      return {
        define: {
          __LOCALES_BASE__: JSON.stringify(command === 'build' ? `/${folder}/` : '/src/locales/'),
          __LOCALE_LANGUAGES__: JSON.stringify(languages),
        },
      };
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file.path}`, source: file.json });
      }
    },
  };
}
