// The texts a customer sees (a service's or a group's title and descriptions), one set of fields
// per language: the market's own first, then English, then any other language already written.
// A save sends every language as it stands, so an edit in one never touches another.
import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '@jono/ui';
import type { ContentTranslations, Language } from '@jono/contract';
import { LANGUAGE_NAMES } from '../../../lib/i18n';

export type TextsByLanguage<Field extends string> = Partial<
  Record<Language, Record<Field, string>>
>;

export interface TextSpec<Field extends string> {
  key: Field;
  label: string;
  maxLength: number;
  multiline?: boolean;
  /** Required in the market's language (the plain field); optional in the others. */
  required?: boolean;
}

/** The market's language, English (unless it is the market's), then every other one stored. */
export function languagesFor(
  own: Language,
  translations: ContentTranslations<string> | undefined,
): Language[] {
  return [
    ...new Set<Language>([
      own,
      'en',
      ...(Object.keys(translations ?? {}) as Language[]).filter((l) => l !== own),
    ]),
  ];
}

/** Every language's fields as the form edits them. */
export function textsFrom<Field extends string>(
  base: Record<Field, string>,
  translations: ContentTranslations<Field> | undefined,
  own: Language,
): TextsByLanguage<Field> {
  const texts: TextsByLanguage<Field> = { [own]: { ...base } };
  for (const language of languagesFor(own, translations)) {
    if (language === own) continue;
    const stored: Partial<Record<Field, string>> = translations?.[language] ?? {};
    texts[language] = Object.fromEntries(
      (Object.keys(base) as Field[]).map((field) => [field, stored[field] ?? '']),
    ) as Record<Field, string>;
  }
  return texts;
}

/** The other languages' texts as the API takes them: empty fields and languages left out. */
export function translationsFrom<Field extends string>(
  texts: TextsByLanguage<Field>,
  own: Language,
): ContentTranslations<Field> {
  const translations: ContentTranslations<Field> = {};
  for (const [language, fields] of Object.entries(texts) as [Language, Record<Field, string>][]) {
    if (language === own) continue;
    const written = Object.fromEntries(
      Object.entries<string>(fields)
        .map(([field, text]) => [field, text.trim()])
        .filter(([, text]) => text !== ''),
    ) as Partial<Record<Field, string>>;
    if (Object.keys(written).length > 0) translations[language] = written;
  }
  return translations;
}

interface Props<Field extends string> {
  own: Language;
  fields: TextSpec<Field>[];
  value: TextsByLanguage<Field>;
  onChange: (value: TextsByLanguage<Field>) => void;
}

export function TranslatedTexts<Field extends string>({
  own,
  fields,
  value,
  onChange,
}: Props<Field>) {
  const { t } = useTranslation();
  const languages = Object.keys(value) as Language[];
  return (
    <>
      {languages.map((language) => (
        <fieldset key={language} className="stack" lang={language}>
          <legend>{t('manage.texts.inLanguage', { language: LANGUAGE_NAMES[language] })}</legend>
          {fields.map((spec) => {
            const props = {
              label: spec.label,
              maxLength: spec.maxLength,
              required: spec.required === true && language === own,
              value: value[language]?.[spec.key] ?? '',
              onChange: (event: { target: { value: string } }) =>
                onChange({
                  ...value,
                  [language]: {
                    ...(value[language] as Record<Field, string>),
                    [spec.key]: event.target.value,
                  },
                }),
            };
            return spec.multiline ? (
              <TextAreaField key={spec.key} rows={3} {...props} />
            ) : (
              <TextField key={spec.key} {...props} />
            );
          })}
        </fieldset>
      ))}
      <p className="muted">{t('manage.texts.fallback', { language: LANGUAGE_NAMES[own] })}</p>
    </>
  );
}
