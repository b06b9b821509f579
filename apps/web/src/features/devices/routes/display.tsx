// /display/{shop}: the screen in the shop. Who is next (every one by the number the app, kiosk
// and SMS gave, with first names where the shop chose them, and where they are in the staff
// board's words), who is in the chairs, the wait for a new customer, the shop's notice, and a QR
// code that opens the shop in the app; live over the shop's events, and saying so when it has
// not heard from the server for 30 s. Locked to the shop by a device code.
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ticketLabel, type DisplayBoard } from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { useNow } from '../../../lib/use-now';
import { useTranslation } from '../../../lib/use-translation';
import { useDeviceShop } from '../api/device-shop';
import { useDisplayBoard } from '../api/display-board';
import { DeviceGate } from '../components/device-gate';
import { DisplayBarbers } from '../components/display-barbers';
import { QrCode } from '../components/qr-code';
import { marketOfCode } from '../utils/device-code';
import '../devices.css';

export function DisplayRoute() {
  const shopId = Number(useParams().id);
  const { t } = useTranslation('device');
  if (!Number.isInteger(shopId) || shopId <= 0) {
    return <main className="device">{t('unknownShop')}</main>;
  }
  return (
    <DeviceGate kind="display" shopId={shopId}>
      {(code, forget, worked) => (
        <DisplayBoardScreen shopId={shopId} code={code} onRevoked={forget} onWorked={worked} />
      )}
    </DeviceGate>
  );
}

/** The shop's page in the app, for the QR code; `?market=` makes a phone of another market follow. */
export function shopLink(origin: string, shopId: number, market: string): string {
  return `${origin}${paths.shop.href(shopId)}?market=${market}`;
}

function DisplayBoardScreen({
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
  const board = useDisplayBoard(shopId, code);
  // The barbers and their own waits come with the shop (the board has the queue itself).
  const shop = useDeviceShop(shopId, code);
  const error = board.error;
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (refused) onRevoked();
  }, [refused, onRevoked]);
  const accepted = board.isSuccess;
  useEffect(() => {
    if (accepted) onWorked();
  }, [accepted, onWorked]);

  if (board.isPending)
    return (
      <main className="device" aria-busy="true">
        {t('loading')}
      </main>
    );
  if (!board.data) {
    return (
      <main className="device">
        <p role="alert" className="device__error">
          {t('loadError')}
        </p>
      </main>
    );
  }
  const { pob, next, serving, waiting } = board.data;
  const taking = pob.queue_state === 'open' && pob.open && !pob.closing_soon;
  return (
    <main className="device device--display">
      <header className="device__header">
        <h1>{pob.name}</h1>
        <p>{pob.address}</p>
        <StaleNote updatedAt={board.dataUpdatedAt} />
        {pob.notice ? (
          <p className="display__notice" dir="auto">
            {pob.notice}
          </p>
        ) : null}
      </header>
      <section className="display__wait" aria-live="polite">
        <h2>{t('display.waitTitle')}</h2>
        <p className="display__minutes">
          {!taking
            ? t(
                pob.closing_soon && pob.open
                  ? 'display.closingSoon'
                  : pob.queue_state === 'full'
                    ? 'display.full'
                    : 'display.closed',
              )
            : pob.wait_time === null
              ? '–'
              : t('display.minutes', { count: pob.wait_time })}
        </p>
        <p>{t('display.waiting', { count: waiting })}</p>
        {taking ? <DisplayBarbers barbers={shop.data?.barbers ?? []} /> : null}
      </section>
      <section className="display__next" aria-labelledby="display-next">
        <h2 id="display-next">{t('display.nextTitle')}</h2>
        {next.length === 0 ? (
          // "Take a seat" only while the queue takes customers; closed or full says so instead.
          <p>{t(taking ? 'display.empty' : 'display.notTaking')}</p>
        ) : (
          <ol aria-live="polite">
            {next.map((n) => (
              <li
                key={`${n.position}-${n.ticket ?? n.label}`}
                className={n.here ? '' : 'display__away'}
              >
                <span className="display__position">{n.position}</span>
                <Person ticket={n.ticket} name={n.name} label={n.label} />
                {n.presence === 'here' ? null : (
                  <span className="display__note">{t(`display.presence.${n.presence}`)}</span>
                )}
              </li>
            ))}
          </ol>
        )}
        {serving.length > 0 ? (
          <>
            <h2>{t('display.servingTitle')}</h2>
            <ul className="display__serving">
              {serving.map((s) => (
                <li key={s.chair}>
                  <span className="display__chair">{t('display.chair', { chair: s.chair })}</span>
                  <Person ticket={s.ticket} name={s.name} label={s.label} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <aside className="display__qr">
        <QrCode
          value={shopLink(window.location.origin, pob.id, marketOfCode(code) ?? 'fi')}
          label={t('display.qrLabel', { shop: pob.name })}
        />
        {/* Not taking customers: the code still opens the shop, but joining is not on offer. */}
        <p>{t(taking ? 'display.qrText' : 'display.qrTextClosed')}</p>
      </aside>
    </main>
  );
}

/** Ticket first (everyone has one), then the first name where the shop shows names. */
function Person({
  ticket,
  name,
  label,
}: Pick<DisplayBoard['next'][number], 'ticket' | 'name' | 'label'>) {
  const { t } = useTranslation('device');
  if (ticket === null) return <bdi className="display__label">{label}</bdi>;
  return (
    <span className="display__person">
      <span
        className="display__ticket"
        aria-label={t('display.ticket', { ticket: ticketLabel(ticket) })}
      >
        {ticketLabel(ticket)}
      </span>
      {name ? (
        <bdi className="display__label" title={name}>
          {name}
        </bdi>
      ) : null}
    </span>
  );
}

/** After 30 s without a word from the server the board may be old: the screen says so. */
const STALE_MS = 30_000;

function StaleNote({ updatedAt }: { updatedAt: number }) {
  const { t } = useTranslation('device');
  const locale = useLocale();
  const now = useNow(5_000);
  if (updatedAt === 0 || now - updatedAt < STALE_MS) return null;
  return (
    <p className="display__stale" role="status">
      {t('display.stale', { time: formatTimeOfDay(new Date(updatedAt), locale) })}
    </p>
  );
}
