// Content translations (the operator's texts in other languages than the market's own) never
// outlive the text they translate: a changed field drops its old translations unless new ones
// come with the change.
import type { ContentTranslations } from '@jono/contract';

/** `stored` without the fields in `changed`, in every language; languages left empty go. */
export function withoutTranslationsOf<Field extends string>(
  stored: ContentTranslations<Field>,
  changed: readonly Field[],
): ContentTranslations<Field> {
  const kept: ContentTranslations<Field> = {};
  for (const [language, fields] of Object.entries(stored) as [
    keyof ContentTranslations<Field>,
    Partial<Record<Field, string>> | undefined,
  ][]) {
    const rest = Object.fromEntries(
      Object.entries(fields ?? {}).filter(([field]) => !changed.includes(field as Field)),
    ) as Partial<Record<Field, string>>;
    if (Object.keys(rest).length > 0) kept[language] = rest;
  }
  return kept;
}
