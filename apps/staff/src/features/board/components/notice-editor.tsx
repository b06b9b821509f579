// The shop notice customers see on the shop page, in the market's language and in English (the
// customer sees their language if it is written, else the market's); empty clears it. A save
// sends every language back as it stands, so an edit in one never touches another.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_INFO, type Language, type StaffQueue } from '@jono/contract';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useUpdateShop } from '../api/update-shop';

type Translations = StaffQueue['pob']['notice_translations'];

export function NoticeEditor({
  notice,
  translations,
}: {
  notice: string | null;
  translations: Translations;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateShop();
  const session = useSession();
  const own: Language = MARKET_INFO[session?.market ?? 'fi'].language;
  // The market's language, then English (unless it is the market's), then any other stored.
  const others = [
    ...new Set<Language>([
      ...(own === 'en' ? [] : (['en'] as Language[])),
      ...(Object.keys(translations) as Language[]).filter((l) => l !== own),
    ]),
  ];
  const stored = (language: Language) =>
    language === own ? (notice ?? '') : (translations[language]?.notice ?? '');
  const [draft, setDraft] = useState<Partial<Record<Language, string>>>({});
  const value = (language: Language) => draft[language] ?? stored(language);
  const changed = [own, ...others].some((l) => value(l).trim() !== stored(l).trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value(own).trim();
    const notice_translations: Translations = {};
    for (const language of others) {
      const other = value(language).trim();
      if (other) notice_translations[language] = { notice: other };
    }
    update.mutate(text === '' ? { notice: null } : { notice: text, notice_translations }, {
      onSuccess: () => {
        setDraft({});
        toast({ message: text === '' ? t('board.noticeCleared') : t('board.noticeSaved') });
      },
      onError: (error) => toast({ message: errorText(error), tone: 'error' }),
    });
  };

  return (
    <form className="panel stack" onSubmit={submit}>
      <h2 className="panel__title">{t('board.notice')}</h2>
      {[own, ...others].map((language) => (
        <div key={language} className="field">
          <label htmlFor={`shop-notice-${language}`}>
            {t('board.noticeIn', { language: LANGUAGE_NAMES[language] })}
          </label>
          <textarea
            id={`shop-notice-${language}`}
            rows={2}
            maxLength={500}
            lang={language}
            value={value(language)}
            placeholder={language === own ? t('board.noticePlaceholder') : undefined}
            onChange={(event) => setDraft({ ...draft, [language]: event.target.value })}
          />
        </div>
      ))}
      <p className="muted">{t('board.noticeFallback')}</p>
      <div className="row row--end">
        <button type="submit" className="button" disabled={!changed || update.isPending}>
          {t('board.noticeSave')}
        </button>
      </div>
    </form>
  );
}
