// Creates or edits a service or an extra: its texts in the market's language, English and any
// other language written, its price and planned minutes.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, TextField } from '@jono/ui';
import { MARKET_INFO, TEXT_MAX, type ContentTranslations, type Market } from '@jono/contract';
import {
  textsFrom,
  translationsFrom,
  TranslatedTexts,
  type TextSpec,
  type TextsByLanguage,
} from './translated-texts';

type TextField = 'title' | 'details' | 'long_description';

export interface ServiceDraft {
  title: string;
  details: string;
  long_description?: string;
  translations?: ContentTranslations<TextField>;
  /** Price in the currency's main unit as typed ("29,90"). */
  price: string;
  duration: string;
}

export interface ServiceValue {
  title: string;
  details: string;
  long_description: string;
  translations: ContentTranslations<TextField>;
  price: number;
  duration: number;
}

/** "29,90" or "29.9" to 2990 cents; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const normal = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

interface Props {
  initial: ServiceDraft;
  market: Market;
  /** An extra may take 0 minutes (done meanwhile); a service takes at least 1. */
  extra?: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (value: ServiceValue) => void;
  onCancel: () => void;
}

export function ServiceForm({
  initial,
  market,
  extra = false,
  pending,
  error,
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const own = MARKET_INFO[market].language;
  const [texts, setTexts] = useState<TextsByLanguage<TextField>>(() =>
    textsFrom(
      {
        title: initial.title,
        details: initial.details,
        long_description: initial.long_description ?? '',
      },
      initial.translations,
      own,
    ),
  );
  const [price, setPrice] = useState(initial.price);
  const [duration, setDuration] = useState(initial.duration);
  const [invalid, setInvalid] = useState(false);
  const fields: TextSpec<TextField>[] = [
    {
      key: 'title',
      label: t('manage.services.name'),
      maxLength: TEXT_MAX.serviceTitle,
      required: true,
    },
    { key: 'details', label: t('manage.services.description'), maxLength: 500 },
    {
      key: 'long_description',
      label: t('manage.services.longDescription'),
      maxLength: 5000,
      multiline: true,
    },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parsePrice(price);
    const minutes = Number(duration);
    const ownTexts = texts[own] ?? { title: '', details: '', long_description: '' };
    if (
      !ownTexts.title.trim() ||
      cents === null ||
      !Number.isInteger(minutes) ||
      duration.trim() === '' ||
      minutes < (extra ? 0 : 1) ||
      minutes > 600
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit({
      title: ownTexts.title.trim(),
      details: ownTexts.details.trim(),
      long_description: ownTexts.long_description.trim(),
      translations: translationsFrom(texts, own),
      price: cents,
      duration: minutes,
    });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TranslatedTexts own={own} fields={fields} value={texts} onChange={setTexts} />
      <div className="grid-2">
        <TextField
          label={t('manage.services.priceIn', { currency: MARKET_INFO[market].currency })}
          inputMode="decimal"
          required
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        <TextField
          label={t('manage.services.durationMinutes')}
          type="number"
          min={0}
          max={600}
          required
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
        />
      </div>
      <FormAlert>
        {invalid
          ? t('manage.services.invalidLimits', {
              max: TEXT_MAX.serviceTitle,
              min: extra ? 0 : 1,
            })
          : error}
      </FormAlert>
      <FormActions submitLabel={t('common.save')} pending={pending} onCancel={onCancel} />
    </form>
  );
}
