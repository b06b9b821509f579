// Builds the formatters a page is about to build, so that the process's locale and time-zone data
// are loaded off the main thread (lib/intl-warmup.ts); answers when done.
import { buildIntl, type IntlWarmup } from './intl-build';

self.addEventListener('message', (event: MessageEvent<IntlWarmup>) => {
  buildIntl(event.data);
  self.postMessage('built');
});
