// Creates or edits a service or an extra: title, description, price and planned minutes.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_INFO, type Market } from '@jono/contract';

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
  pending: boolean;
  error: string | null;
  onSubmit: (value: { title: string; details: string; price: number; duration: number }) => void;
  onCancel: () => void;
}

export function ServiceForm({ initial, market, pending, error, onSubmit, onCancel }: Props) {
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
      duration < 0 ||
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
      <div className="field">
        <label htmlFor="service-title">{t('manage.services.name')}</label>
        <input
          id="service-title"
          required
          maxLength={200}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="service-details">{t('manage.services.description')}</label>
        <input
          id="service-details"
          maxLength={500}
          value={draft.details}
          onChange={(event) => setDraft({ ...draft, details: event.target.value })}
        />
      </div>
      <div className="grid-2">
        <div className="field">
          <label htmlFor="service-price">
            {t('manage.services.priceIn', { currency: MARKET_INFO[market].currency })}
          </label>
          <input
            id="service-price"
            inputMode="decimal"
            required
            value={draft.price}
            onChange={(event) => setDraft({ ...draft, price: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="service-duration">{t('manage.services.durationMinutes')}</label>
          <input
            id="service-duration"
            type="number"
            min={0}
            max={600}
            required
            value={draft.duration}
            onChange={(event) => setDraft({ ...draft, duration: event.target.value })}
          />
        </div>
      </div>
      {(invalid || error) && (
        <p className="form-error" role="alert">
          {invalid ? t('manage.services.invalid') : error}
        </p>
      )}
      <div className="row row--end">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
