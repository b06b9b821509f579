// The language menu: every console language, each named in itself.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, languageTag, type Language } from '@jono/contract';
import { LANGUAGE_NAMES, setLanguage, useLanguage } from '../../../lib/i18n';

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <div className={compact ? 'field field--inline' : 'field'}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {t('common.language')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void setLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={languageTag(code)}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
