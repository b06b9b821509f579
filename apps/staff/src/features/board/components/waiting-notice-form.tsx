// A word to everyone waiting ("running 15 minutes late today"): shown on every waiting
// customer's screen at once and texted to those who allow SMS, in their language where a
// translation is given. A few a day per shop.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, SHOP_NOTICE_MAX, languageTag, type Language } from '@jono/contract';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useSendNotice } from '../api/send-notice';

export function WaitingNoticeForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const send = useSendNotice();
  const id = useId();
  const [text, setText] = useState('');
  const [translations, setTranslations] = useState<Partial<Record<Language, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(
      Object.entries(translations).filter(([, v]) => v.trim() !== ''),
    ) as Partial<Record<Language, string>>;
    send.mutate(
      { text: text.trim(), translations: given },
      {
        onSuccess: (answer) => {
          setText('');
          setTranslations({});
          toast({
            message: t('board.waitingNotice.sent', { app: answer.in_app, sms: answer.by_sms }),
          });
        },
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );
  };

  return (
    <form className="panel stack" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="panel__title">
        {t('board.waitingNotice.title')}
      </label>
      <p className="muted" id={`${id}-hint`}>
        {t('board.waitingNotice.hint')}
      </p>
      <textarea
        id={`${id}-text`}
        rows={2}
        maxLength={SHOP_NOTICE_MAX}
        value={text}
        aria-describedby={`${id}-hint`}
        placeholder={t('board.waitingNotice.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <details>
        <summary>{t('board.waitingNotice.translations')}</summary>
        <div className="stack">
          {LANGUAGES.map((code) => (
            <div className="field" key={code}>
              <label htmlFor={`${id}-${code}`}>{LANGUAGE_NAMES[code]}</label>
              <input
                id={`${id}-${code}`}
                lang={languageTag(code)}
                maxLength={SHOP_NOTICE_MAX}
                value={translations[code] ?? ''}
                onChange={(event) =>
                  setTranslations((all) => ({ ...all, [code]: event.target.value }))
                }
              />
            </div>
          ))}
        </div>
      </details>
      <div className="row row--end">
        <button type="submit" className="button" disabled={send.isPending || text.trim() === ''}>
          {t('board.waitingNotice.send')}
        </button>
      </div>
    </form>
  );
}
