// The formatters a page is about to build, built ahead by a worker (lib/intl-warmup.ts): no
// imports, so the worker's file carries nothing else.

/** What the worker builds: the formatters a page will build, by their locales and options. */
export interface IntlWarmup {
  /** Number formats: [locale, currency]. */
  prices: [string, string][];
  /** Date formats: [locale, time zone]. */
  dates: [string, string][];
  /** Language names, in these languages. */
  languageNames: string[];
}

/** Builds and uses every formatter of `warmup` (the worker's work; a thrown error is ignored). */
export function buildIntl(warmup: IntlWarmup): void {
  const now = Date.now();
  for (const [locale, currency] of warmup.prices) {
    try {
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1);
    } catch {
      // A locale or currency this browser lacks: the page falls back as it does without a worker.
    }
  }
  for (const [locale, timeZone] of warmup.dates) {
    try {
      new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }).formatToParts(now);
    } catch {
      // As above.
    }
  }
  for (const language of warmup.languageNames) {
    try {
      new Intl.DisplayNames([language], { type: 'language' }).of('en');
    } catch {
      // As above.
    }
  }
}
