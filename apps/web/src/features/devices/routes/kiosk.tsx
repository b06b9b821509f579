// /kiosk/{shop}: the tablet at the door. A walk-in picks services, types a first name and, if
// they like, a phone number for one SMS when their turn is near, and joins without staff; the
// same checks as the app's apply. Locked to the shop by a device code. A number gets a code by
// SMS first: typed here, it proves the number (only then the turn-near SMS) and that the walk-in
// is at the shop (issue 27).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { MARKET_INFO, ticketLabel, type KioskJoinAnswer, type Pob } from '@jono/contract';
import { BarberPicker } from '../../../components/ui/barber-picker';
import { ApiError } from '../../../lib/api-client';
import { barberErrorKey, currentChoice, isBarberRefusal } from '../../../lib/barbers';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { useTranslation } from '../../../lib/use-translation';
import { useDeviceShop } from '../api/device-shop';
import { useKioskCheck, useKioskConfirm, useKioskJoin } from '../api/kiosk';
import { DeviceGate } from '../components/device-gate';
import { marketOfCode } from '../utils/device-code';
import { toggleSelection, type KioskSelection } from '../utils/kiosk-selection';
import '../devices.css';

/** The confirmation goes back to the start by itself after this long. */
const DONE_RESET_MS = 20_000;
/** ... or this long while it waits for the code texted to the walk-in's phone. */
const CODE_RESET_MS = 120_000;

export function KioskRoute() {
  const shopId = Number(useParams().id);
  const { t } = useTranslation('device');
  if (!Number.isInteger(shopId) || shopId <= 0) {
    return <main className="device">{t('unknownShop')}</main>;
  }
  return (
    <DeviceGate kind="kiosk" shopId={shopId}>
      {(code, forget, worked) => (
        <Kiosk shopId={shopId} code={code} onRevoked={forget} onWorked={worked} />
      )}
    </DeviceGate>
  );
}

const refusedCode = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

function Kiosk({
  shopId,
  code,
  onRevoked,
  onWorked,
}: {
  shopId: number;
  code: string;
  onRevoked: () => void;
  onWorked: () => void;
}) {
  const { t } = useTranslation('device');
  const check = useKioskCheck(shopId, code);
  const shop = useDeviceShop(shopId, code);
  const [done, setDone] = useState<{ answer: KioskJoinAnswer; barber: string | null } | null>(null);
  const [round, setRound] = useState(0);
  const refused = refusedCode(check.error);
  useEffect(() => {
    if (refused) onRevoked();
  }, [refused, onRevoked]);
  const accepted = check.isSuccess;
  useEffect(() => {
    if (accepted) onWorked();
  }, [accepted, onWorked]);

  if (check.isPending || shop.isPending) {
    return (
      <main className="device" aria-busy="true">
        {t('loading')}
      </main>
    );
  }
  if (!shop.data || !check.data) {
    return (
      <main className="device">
        <p role="alert" className="device__error">
          {t('loadError')}
        </p>
        <button type="button" onClick={() => void Promise.all([check.refetch(), shop.refetch()])}>
          {t('retry')}
        </button>
      </main>
    );
  }
  if (done) {
    return (
      <Done
        answer={done.answer}
        barber={done.barber}
        shopId={shopId}
        code={code}
        onFinish={() => {
          setDone(null);
          setRound((r) => r + 1);
        }}
      />
    );
  }
  return (
    <JoinForm
      key={round}
      shop={shop.data}
      shopId={shopId}
      code={code}
      onJoined={(answer, barber) => setDone({ answer, barber })}
      onRevoked={onRevoked}
    />
  );
}

function JoinForm({
  shop,
  shopId,
  code,
  onJoined,
  onRevoked,
}: {
  shop: Pob;
  shopId: number;
  code: string;
  onJoined: (answer: KioskJoinAnswer, barber: string | null) => void;
  onRevoked: () => void;
}) {
  const { t } = useTranslation('device');
  const { t: tb } = useTranslation('barbers');
  const locale = useLocale();
  const join = useKioskJoin(shopId, code);
  const nameId = useId();
  const phoneId = useId();
  const [selection, setSelection] = useState<KioskSelection>({});
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [barberChoice, setBarberChoice] = useState<number | null>(null);
  // A barber who stopped for the day while the form was open falls back to the first available.
  const barberId = currentChoice(shop.barbers, barberChoice);
  const timeZone = MARKET_INFO[marketOfCode(code) ?? 'fi'].timeZone;
  const chosen = Object.keys(selection).map(Number);
  const nameMissing = name.trim() === '';
  const taking = shop.open && shop.queue_state === 'open' && !shop.closing_soon;
  const wait = shop.service_time_estimates.find((e) => e.priority === 0)?.wait_time ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (chosen.length === 0 || nameMissing) return;
    join.mutate(
      {
        items: chosen.map((id) => ({ service_id: id, extra_service_ids: selection[id] ?? [] })),
        name: name.trim(),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(barberId === null ? {} : { barber_id: barberId }),
      },
      {
        onSuccess: (answer) =>
          onJoined(answer, shop.barbers.find((b) => b.id === barberId)?.first_name ?? null),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'device_code') onRevoked();
        },
      },
    );
  };

  const errorText = (() => {
    const e = join.error;
    if (!(e instanceof ApiError)) return e ? t('kiosk.error') : null;
    if (e.isTimeSlot) return t('kiosk.timeSlot');
    if (e.code === 'not_taking_orders') return t('kiosk.notTaking');
    if (e.code === 'rate_limited') return t('kiosk.busy');
    if (isBarberRefusal(e)) return tb(barberErrorKey(e));
    if (e.fields && Object.keys(e.fields).some((f) => f.startsWith('phone'))) {
      return t('kiosk.phoneInvalid');
    }
    return t('kiosk.error');
  })();

  const groups = [...shop.service_groups].sort((a, b) => a.display_order - b.display_order);
  return (
    <main className="device device--kiosk">
      <header className="device__header">
        <h1>{t('kiosk.title', { shop: shop.name })}</h1>
        <p aria-live="polite" className={taking ? 'kiosk__wait' : 'kiosk__refusal'}>
          {taking
            ? wait === null
              ? t('kiosk.noWait')
              : t('kiosk.wait', { count: wait })
            : t(
                !shop.open
                  ? 'kiosk.closed'
                  : shop.closing_soon
                    ? 'kiosk.closingSoon'
                    : shop.queue_state === 'full'
                      ? 'kiosk.full'
                      : 'kiosk.askStaff',
              )}
        </p>
        {shop.notice ? (
          <p className="kiosk__notice" dir="auto">
            {shop.notice}
          </p>
        ) : null}
      </header>
      {taking ? (
        <form className="kiosk__form" onSubmit={submit} noValidate>
          <fieldset>
            <legend>{t('kiosk.servicesTitle')}</legend>
            {groups.map((g) => {
              const services = shop.services
                .filter((s) => s.group_id === g.id)
                .sort((a, b) => a.display_order - b.display_order);
              if (services.length === 0) return null;
              return (
                <div key={g.id} className="kiosk__group">
                  <h2>{g.title}</h2>
                  {services.map((s) => {
                    const extras =
                      shop.extra_services.find((x) => x.service_id === s.id)?.services ?? [];
                    const picked = selection[s.id];
                    return (
                      <div key={s.id} className="kiosk__service">
                        <label>
                          <input
                            type="checkbox"
                            checked={picked !== undefined}
                            onChange={() => setSelection((sel) => toggleSelection(sel, s.id))}
                          />
                          <span>{s.title}</span>
                          <span className="kiosk__meta">
                            {t('kiosk.duration', { count: s.duration })} ·{' '}
                            {formatPrice(s.price, locale)}
                          </span>
                        </label>
                        {picked !== undefined && extras.length > 0 ? (
                          <div className="kiosk__extras">
                            {extras.map((x) => (
                              <label key={x.id}>
                                <input
                                  type="checkbox"
                                  checked={picked.includes(x.id)}
                                  onChange={() =>
                                    setSelection((sel) => toggleSelection(sel, s.id, x.id))
                                  }
                                />
                                <span>{x.title}</span>
                                <span className="kiosk__meta">{formatPrice(x.price, locale)}</span>
                              </label>
                            ))}
                          </div>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              );
            })}
            {attempted && chosen.length === 0 ? (
              <p className="device__error" role="alert">
                {t('kiosk.pickService')}
              </p>
            ) : null}
          </fieldset>
          {shop.barbers.length > 0 ? (
            <BarberPicker
              barbers={shop.barbers}
              shopEstimates={shop.service_time_estimates}
              priority={0}
              value={barberId}
              onChange={(id) => {
                join.reset();
                setBarberChoice(id);
              }}
              timeZone={timeZone}
              title={tb('kiosk.title')}
            />
          ) : null}
          <label htmlFor={nameId}>{t('kiosk.nameLabel')}</label>
          <input
            id={nameId}
            value={name}
            maxLength={40}
            autoComplete="off"
            aria-invalid={attempted && nameMissing}
            onChange={(e) => setName(e.target.value)}
          />
          {attempted && nameMissing ? (
            <p className="device__error" role="alert">
              {t('kiosk.nameMissing')}
            </p>
          ) : null}
          <label htmlFor={phoneId}>{t('kiosk.phoneLabel')}</label>
          <input
            id={phoneId}
            type="tel"
            inputMode="tel"
            value={phone}
            maxLength={32}
            autoComplete="off"
            aria-describedby={`${phoneId}-hint`}
            onChange={(e) => setPhone(e.target.value)}
          />
          <p id={`${phoneId}-hint`} className="device__hint">
            {t('kiosk.phoneHint')}
          </p>
          {errorText ? (
            <p className="device__error" role="alert">
              {errorText}
            </p>
          ) : null}
          <button type="submit" disabled={join.isPending}>
            {join.isPending ? t('kiosk.joining') : t('kiosk.join')}
          </button>
        </form>
      ) : null}
    </main>
  );
}

function Done({
  answer,
  barber,
  shopId,
  code,
  onFinish,
}: {
  answer: KioskJoinAnswer;
  /** The barber the walk-in chose; null: the first available. */
  barber: string | null;
  shopId: number;
  code: string;
  onFinish: () => void;
}) {
  const { t } = useTranslation('device');
  const { t: tb } = useTranslation('barbers');
  const confirm = useKioskConfirm(shopId, code);
  const [smsCode, setSmsCode] = useState('');
  const codeId = useId();
  const waitingForCode = answer.code_sent && !confirm.isSuccess;
  useEffect(() => {
    const timer = setTimeout(onFinish, waitingForCode ? CODE_RESET_MS : DONE_RESET_MS);
    return () => clearTimeout(timer);
  }, [onFinish, waitingForCode]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ orderId: answer.id, smsCode: smsCode.trim() });
  };
  const confirmError = confirm.error
    ? confirm.error instanceof ApiError && confirm.error.status === 429
      ? t('kiosk.busy')
      : t('kiosk.codeWrong')
    : null;
  return (
    <main className="device device--kiosk">
      <h1>{t('kiosk.doneTitle')}</h1>
      <p className="kiosk__ticket" aria-label={t('kiosk.ticketLabel', { ticket: answer.ticket })}>
        {ticketLabel(answer.ticket)}
      </p>
      <p role="status">
        {answer.wait_time === null
          ? t('kiosk.donePosition', { position: answer.position })
          : t('kiosk.doneWait', { count: answer.wait_time, position: answer.position })}
      </p>
      {barber ? <p>{tb('kiosk.chosen', { name: barber })}</p> : null}
      {waitingForCode ? (
        <form className="kiosk__form" onSubmit={submit} noValidate>
          <label htmlFor={codeId}>{t('kiosk.codeLabel')}</label>
          <p id={`${codeId}-hint`} className="device__hint">
            {t('kiosk.codeIntro')}
          </p>
          <input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={smsCode}
            aria-describedby={`${codeId}-hint`}
            aria-invalid={confirmError ? true : undefined}
            onChange={(e) => setSmsCode(e.target.value)}
          />
          {confirmError ? (
            <p className="device__error" role="alert">
              {confirmError}
            </p>
          ) : null}
          <button type="submit" disabled={confirm.isPending || smsCode.trim().length !== 6}>
            {confirm.isPending ? t('kiosk.codeConfirming') : t('kiosk.codeConfirm')}
          </button>
        </form>
      ) : null}
      {confirm.isSuccess ? <p role="status">{t('kiosk.codeConfirmed')}</p> : null}
      <p>{t('kiosk.doneScreen')}</p>
      <button type="button" onClick={onFinish}>
        {t('kiosk.doneButton')}
      </button>
    </main>
  );
}
