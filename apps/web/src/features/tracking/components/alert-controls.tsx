// "When should we tell you?": the customer's alert choice for this order (N ahead, N minutes
// before, or the shop's default, which the order carries as alert_default) and its channel (push where subscribed, push, SMS, none). One alert per
// order by one channel. A self-contained card: the tracking screen places it where it fits.
import { useId, useState, type FormEvent } from 'react';
import {
  ALERT_AHEAD_MAX,
  ALERT_CHANNELS,
  ALERT_MINUTES_MAX,
  ALERT_MINUTES_MIN,
  type AlertChannel,
  type Order,
} from '@jono/contract';
import { useTranslation } from '../../../lib/use-translation';
import { useOrderAlerts } from '../api/order-alerts';

type When = 'default' | 'ahead' | 'minutes';

const AHEAD_CHOICES = Array.from({ length: ALERT_AHEAD_MAX + 1 }, (_, i) => i);
const MINUTE_CHOICES = Array.from(
  { length: Math.floor((ALERT_MINUTES_MAX - ALERT_MINUTES_MIN) / 5) + 1 },
  (_, i) => ALERT_MINUTES_MIN + i * 5,
);

export function AlertControls({ order }: { order: Order }) {
  const { t } = useTranslation('alerts');
  const ids = useId();
  const save = useOrderAlerts(order.id);
  const saved = order.alerts ?? { ahead: null, minutes: null, channel: null };
  const [when, setWhen] = useState<When>(
    saved.ahead !== null ? 'ahead' : saved.minutes !== null ? 'minutes' : 'default',
  );
  const [ahead, setAhead] = useState(saved.ahead ?? 2);
  const [minutes, setMinutes] = useState(saved.minutes ?? 15);
  const [channel, setChannel] = useState<AlertChannel | 'auto'>(saved.channel ?? 'auto');
  if (order.status !== 'active' || order.in_service) return null;
  // The shop's default, which applies where the customer did not choose.
  const shop = order.alert_default;
  const defaultWhen =
    shop?.ahead != null
      ? shop.ahead === 0
        ? t('when.shopNext')
        : t('when.shopAhead', { count: shop.ahead })
      : shop?.minutes != null
        ? t('when.shopMinutes', { count: shop.minutes })
        : t('when.default');
  const channelLabel = (c: AlertChannel | 'auto') =>
    c === 'auto' && shop?.channel === 'sms' ? t('channel.shopSms') : t(`channel.${c}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ahead: when === 'ahead' ? ahead : null,
      minutes: when === 'minutes' ? minutes : null,
      channel: channel === 'auto' ? null : channel,
    });
  };

  return (
    <section className="tracking__alerts" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="tracking__travel-title">
        {t('title')}
      </h2>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('when.legend')}</legend>
          <label>
            <input
              type="radio"
              name={`${ids}-when`}
              checked={when === 'default'}
              onChange={() => setWhen('default')}
            />{' '}
            {defaultWhen}
          </label>
          <label>
            <input
              type="radio"
              name={`${ids}-when`}
              checked={when === 'ahead'}
              onChange={() => setWhen('ahead')}
            />{' '}
            {t('when.ahead')}
          </label>
          <label htmlFor={`${ids}-ahead`} className="visually-hidden">
            {t('when.aheadCount')}
          </label>
          <select
            id={`${ids}-ahead`}
            value={ahead}
            disabled={when !== 'ahead'}
            onChange={(e) => setAhead(Number(e.target.value))}
          >
            {AHEAD_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('when.next') : t('when.aheadOption', { count: n })}
              </option>
            ))}
          </select>
          <label>
            <input
              type="radio"
              name={`${ids}-when`}
              checked={when === 'minutes'}
              onChange={() => setWhen('minutes')}
            />{' '}
            {t('when.minutes')}
          </label>
          <label htmlFor={`${ids}-minutes`} className="visually-hidden">
            {t('when.minutesCount')}
          </label>
          <select
            id={`${ids}-minutes`}
            value={minutes}
            disabled={when !== 'minutes'}
            onChange={(e) => setMinutes(Number(e.target.value))}
          >
            {MINUTE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('when.minutesOption', { count: n })}
              </option>
            ))}
          </select>
        </fieldset>
        <fieldset>
          <legend>{t('channel.legend')}</legend>
          {(['auto', ...ALERT_CHANNELS] as const).map((c) => (
            <label key={c}>
              <input
                type="radio"
                name={`${ids}-channel`}
                checked={channel === c}
                onChange={() => setChannel(c)}
              />{' '}
              {channelLabel(c)}
            </label>
          ))}
          <p className="tracking__hint">{t('channel.once')}</p>
        </fieldset>
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          {t('save')}
        </button>
        {save.isSuccess ? (
          <p role="status" className="notice">
            {t('saved')}
          </p>
        ) : null}
        {save.isError ? (
          <p role="alert" className="notice notice--error">
            {t('failed')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
