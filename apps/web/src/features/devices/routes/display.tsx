// /display/{shop}: the screen in the shop. Who is next (first names or numbers, as the shop
// chose), who is in the chairs, the wait for a new customer, and a QR code that opens the shop
// in the app; live over the shop's events. Locked to the shop by a device code.
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useDisplayBoard } from '../api/display-board';
import { DeviceGate } from '../components/device-gate';
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
      {(code, forget) => <DisplayBoardScreen shopId={shopId} code={code} onRevoked={forget} />}
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
}: {
  shopId: number;
  code: string;
  onRevoked: () => void;
}) {
  const { t } = useTranslation('device');
  const board = useDisplayBoard(shopId, code);
  const error = board.error;
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (refused) onRevoked();
  }, [refused, onRevoked]);

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
  const taking = pob.queue_state === 'open';
  return (
    <main className="device device--display">
      <header className="device__header">
        <h1>{pob.name}</h1>
        <p>{pob.address}</p>
      </header>
      <section className="display__wait" aria-live="polite">
        <h2>{t('display.waitTitle')}</h2>
        <p className="display__minutes">
          {!taking
            ? t(pob.queue_state === 'closed' ? 'display.closed' : 'display.full')
            : pob.wait_time === null
              ? '–'
              : t('display.minutes', { count: pob.wait_time })}
        </p>
        <p>{t('display.waiting', { count: waiting })}</p>
      </section>
      <section className="display__next" aria-labelledby="display-next">
        <h2 id="display-next">{t('display.nextTitle')}</h2>
        {next.length === 0 ? (
          // "Take a seat" only while the queue takes customers; closed or full says so instead.
          <p>{t(taking ? 'display.empty' : 'display.notTaking')}</p>
        ) : (
          <ol aria-live="polite">
            {next.map((n) => (
              <li key={`${n.position}-${n.label}`} className={n.here ? '' : 'display__away'}>
                <span className="display__position">{n.position}</span>
                <span className="display__label">{n.label}</span>
                {n.here ? null : <span className="display__note">{t('display.onTheWay')}</span>}
              </li>
            ))}
          </ol>
        )}
        {serving.length > 0 ? (
          <>
            <h2>{t('display.servingTitle')}</h2>
            <ul>
              {serving.map((s) => (
                <li key={s.chair}>
                  {t('display.chair', { chair: s.chair })}: {s.label}
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
