// "Tell customers their turn is near": the shop's alert default for customers who did not choose
// (when N are ahead, N minutes before, or about 10 minutes before; SMS or notification first).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@jono/ui';
import {
  ALERT_AHEAD_MAX,
  ALERT_MINUTES_MAX,
  ALERT_MINUTES_MIN,
  type ShopAlertDefault,
} from '@jono/contract';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useAlertDefault, useSaveAlertDefault } from '../api/alert-default';

type When = 'default' | 'ahead' | 'minutes';
type Channel = 'push' | 'sms';

const AHEAD_CHOICES = Array.from({ length: ALERT_AHEAD_MAX + 1 }, (_, i) => i);
const MINUTE_CHOICES = Array.from(
  { length: Math.floor((ALERT_MINUTES_MAX - ALERT_MINUTES_MIN) / 5) + 1 },
  (_, i) => ALERT_MINUTES_MIN + i * 5,
);

export function AlertDefaultSection() {
  const current = useAlertDefault();
  if (current.isPending) return <Loading />;
  if (current.isError) {
    return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  }
  return <AlertDefaultForm saved={current.data} />;
}

function AlertDefaultForm({ saved }: { saved: ShopAlertDefault }) {
  const { t } = useTranslation();
  const save = useSaveAlertDefault();
  const toast = useToast();
  const errorText = useErrorText();
  const [when, setWhen] = useState<When>(
    saved.ahead !== null ? 'ahead' : saved.minutes !== null ? 'minutes' : 'default',
  );
  const [ahead, setAhead] = useState(saved.ahead ?? 2);
  const [minutes, setMinutes] = useState(saved.minutes ?? 15);
  const [channel, setChannel] = useState<Channel>(saved.channel ?? 'push');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ahead: when === 'ahead' ? ahead : null,
        minutes: when === 'minutes' ? minutes : null,
        channel,
      },
      {
        onSuccess: () => toast({ message: t('manage.saved') }),
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );
  };

  return (
    <section className="panel" aria-labelledby="alert-default-title">
      <h2 id="alert-default-title">{t('manage.alerts.title')}</h2>
      <p>{t('manage.alerts.intro')}</p>
      <form className="stack" onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('manage.alerts.when')}</legend>
          <label>
            <input
              type="radio"
              name="alert-default-when"
              checked={when === 'default'}
              onChange={() => setWhen('default')}
            />{' '}
            {t('manage.alerts.whenDefault')}
          </label>
          <div className="row">
            <label>
              <input
                type="radio"
                name="alert-default-when"
                checked={when === 'ahead'}
                onChange={() => setWhen('ahead')}
              />{' '}
              {t('manage.alerts.whenAhead')}
            </label>
            <label htmlFor="alert-default-ahead" className="visually-hidden">
              {t('manage.alerts.aheadCount')}
            </label>
            <select
              id="alert-default-ahead"
              value={ahead}
              disabled={when !== 'ahead'}
              onChange={(e) => setAhead(Number(e.target.value))}
            >
              {AHEAD_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? t('manage.alerts.next') : t('manage.alerts.aheadOption', { count: n })}
                </option>
              ))}
            </select>
          </div>
          <div className="row">
            <label>
              <input
                type="radio"
                name="alert-default-when"
                checked={when === 'minutes'}
                onChange={() => setWhen('minutes')}
              />{' '}
              {t('manage.alerts.whenMinutes')}
            </label>
            <label htmlFor="alert-default-minutes" className="visually-hidden">
              {t('manage.alerts.minutesCount')}
            </label>
            <select
              id="alert-default-minutes"
              value={minutes}
              disabled={when !== 'minutes'}
              onChange={(e) => setMinutes(Number(e.target.value))}
            >
              {MINUTE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t('manage.alerts.minutesOption', { count: n })}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="radio-row">
          <legend>{t('manage.alerts.channel')}</legend>
          {(['push', 'sms'] as const).map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="alert-default-channel"
                checked={channel === c}
                onChange={() => setChannel(c)}
              />{' '}
              {t(`manage.alerts.channels.${c}`)}
            </label>
          ))}
        </fieldset>
        <p className="muted">{t('manage.alerts.customerWins')}</p>
        <div className="row row--end">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
