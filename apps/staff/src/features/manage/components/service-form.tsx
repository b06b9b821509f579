// Creates or edits a service or an extra: title, description, price and planned minutes.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, TextField } from '@jono/ui';
import { MARKET_INFO, TEXT_MAX, type Market } from '@jono/contract';

export interface ServiceDraft {
  title: string;
  details: string;
  /** Price in the currency's main unit as typed ("29,90"). */
  price: string;
  duration: string;
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
  onSubmit: (value: { title: string; details: string; price: number; duration: number }) => void;
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
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = parsePrice(draft.price);
    const duration = Number(draft.duration);
    if (
      !draft.title.trim() ||
      price === null ||
      !Number.isInteger(duration) ||
      draft.duration.trim() === '' ||
      duration < (extra ? 0 : 1) ||
      duration > 600
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit({ title: draft.title.trim(), details: draft.details.trim(), price, duration });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField
        label={t('manage.services.name')}
        required
        maxLength={TEXT_MAX.serviceTitle}
        value={draft.title}
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
      />
      <TextField
        label={t('manage.services.description')}
        maxLength={500}
        value={draft.details}
        onChange={(event) => setDraft({ ...draft, details: event.target.value })}
      />
      <div className="grid-2">
        <TextField
          label={t('manage.services.priceIn', { currency: MARKET_INFO[market].currency })}
          inputMode="decimal"
          required
          value={draft.price}
          onChange={(event) => setDraft({ ...draft, price: event.target.value })}
        />
        <TextField
          label={t('manage.services.durationMinutes')}
          type="number"
          min={0}
          max={600}
          required
          value={draft.duration}
          onChange={(event) => setDraft({ ...draft, duration: event.target.value })}
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
