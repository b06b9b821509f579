// "Tell me when to leave": a customer not at the shop shares their position once (with how they
// travel) or says how many minutes away they are; the screen then says when to set off, and,
// once the alert has gone out, that they are on the way. It promises to tell them only when the
// server can: by push where this customer subscribed, else by SMS where they allow it.
import { useId, useState, type FormEvent } from 'react';
import { Link } from '../../../components/ui/link';
import { TRAVEL_MAX_MINUTES, TRAVEL_MODES, type Order, type TravelMode } from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../auth/api/get-profile';
import { useTranslation } from '../../../lib/use-translation';
import { useShareTravel } from '../api/travel';

const POSITION_TIMEOUT_MS = 15_000;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: POSITION_TIMEOUT_MS,
      maximumAge: 60_000,
    });
  });
}

export function TravelCard({ order }: { order: Order }) {
  const { t } = useTranslation('tracking');
  const locale = useLocale();
  const ids = useId();
  const share = useShareTravel(order.id);
  const profile = useProfile().data;
  const reachable = profile ? profile.fcm_token !== null || profile.allow_sms : true;
  const [editing, setEditing] = useState(false);
  const [mode, setMode] = useState<TravelMode>('walk');
  const [minutes, setMinutes] = useState('');
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<'position' | 'minutes' | 'tooFar' | 'failed' | null>(null);
  const p = order.presence;
  if (order.status !== 'active' || order.customer_at_pob || order.in_service || !p) return null;

  if (p.leave_alert_at) {
    return (
      <section className="tracking__travel" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="tracking__travel-title">
          {p.state === 'held' ? t('travel.heldTitle') : t('travel.onTheWayTitle')}
        </h2>
        <p className="notice" role="status">
          {t('travel.alerted', { time: formatTimeOfDay(p.leave_alert_at, locale) })}
        </p>
      </section>
    );
  }

  const send = (body: Parameters<typeof share.mutate>[0]) =>
    share.mutate(body, {
      onSuccess: () => {
        setEditing(false);
        setProblem(null);
      },
      // A position farther than Jono plans for is refused with the position's fields.
      onError: (e) =>
        setProblem(e instanceof ApiError && e.fields?.latitude !== undefined ? 'tooFar' : 'failed'),
    });
  const sharePosition = async () => {
    setProblem(null);
    setLocating(true);
    try {
      const { coords } = await currentPosition();
      send({ latitude: coords.latitude, longitude: coords.longitude, mode });
    } catch {
      setProblem('position');
    } finally {
      setLocating(false);
    }
  };
  const sendMinutes = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(minutes);
    if (!Number.isInteger(n) || n < 1 || n > TRAVEL_MAX_MINUTES) {
      setProblem('minutes');
      return;
    }
    send({ minutes: n });
  };

  if (p.travel_minutes !== null && !editing) {
    return (
      <section className="tracking__travel" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="tracking__travel-title">
          {t('travel.sharedTitle', { count: p.travel_minutes })}
        </h2>
        <p className="tracking__hint">
          {p.leave_at
            ? t(reachable ? 'travel.leaveAt' : 'travel.leaveAtSilent', {
                time: formatTimeOfDay(p.leave_at, locale),
              })
            : t(reachable ? 'travel.willTell' : 'travel.willTellSilent')}
        </p>
        {reachable ? null : (
          <Link className="link-button" to={paths.profileNotifications.href()}>
            {t('travel.turnOnMessages')}
          </Link>
        )}
        <button type="button" className="link-button" onClick={() => setEditing(true)}>
          {t('travel.change')}
        </button>
      </section>
    );
  }

  const busy = locating || share.isPending;
  return (
    <section className="tracking__travel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="tracking__travel-title">
        {t('travel.title')}
      </h2>
      <p className="tracking__hint">{t('travel.intro')}</p>
      <fieldset className="tracking__travel-modes">
        <legend>{t('travel.modeLegend')}</legend>
        {TRAVEL_MODES.map((m) => (
          <label key={m}>
            <input
              type="radio"
              name={`${ids}-mode`}
              checked={mode === m}
              onChange={() => setMode(m)}
            />{' '}
            {t(`travel.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy}
        aria-busy={locating}
        onClick={() => void sharePosition()}
      >
        {t('travel.sharePosition')}
      </button>
      <form className="tracking__travel-minutes" onSubmit={sendMinutes} noValidate>
        <label htmlFor={`${ids}-minutes`}>{t('travel.minutesLabel')}</label>
        <input
          id={`${ids}-minutes`}
          type="number"
          inputMode="numeric"
          min={1}
          max={TRAVEL_MAX_MINUTES}
          value={minutes}
          aria-invalid={problem === 'minutes'}
          onChange={(e) => setMinutes(e.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t('travel.minutesSend')}
        </button>
      </form>
      {problem ? (
        <p role="alert" className="notice notice--error">
          {t(`travel.problem.${problem}`)}
        </p>
      ) : null}
    </section>
  );
}
