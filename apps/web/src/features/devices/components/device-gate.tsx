// Locks a display or kiosk to its shop: asks for the code a manager created, keeps it on the
// device, follows its market, and asks again when the code stops working: "no longer works" for
// a code that worked (revoked), "not accepted" for one just typed that never did (mistyped).
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { currentMarket } from '../../../lib/locale-store';
import { applyMarket } from '../../account/language';
import { marketOfCode, storeCode, storedCode, type DeviceKind } from '../utils/device-code';

interface Props {
  kind: DeviceKind;
  shopId: number;
  /** `forget`: the server refused the code; `worked`: the server accepted it. */
  children: (code: string, forget: () => void, worked: () => void) => ReactNode;
}

export function DeviceGate({ kind, shopId, children }: Props) {
  const { t } = useTranslation('device');
  const [code, setCode] = useState(() => storedCode(kind, shopId));
  // A code kept on the device worked before; a code just typed has not yet.
  const [everWorked, setEverWorked] = useState(() => storedCode(kind, shopId) !== null);
  const [refused, setRefused] = useState<'revoked' | 'notAccepted' | null>(null);
  const market = code ? marketOfCode(code) : null;

  useEffect(() => {
    if (market && currentMarket() !== market) void applyMarket(market);
  }, [market]);

  if (code && market) {
    return (
      <>
        {children(
          code,
          () => {
            storeCode(kind, shopId, null);
            setCode(null);
            setRefused(everWorked ? 'revoked' : 'notAccepted');
          },
          () => setEverWorked(true),
        )}
      </>
    );
  }
  return (
    <main className="device device--setup">
      <h1>{t(kind === 'display' ? 'setup.displayTitle' : 'setup.kioskTitle', { id: shopId })}</h1>
      {refused ? (
        <p role="alert" className="device__error">
          {t(refused === 'revoked' ? 'setup.revoked' : 'setup.notAccepted')}
        </p>
      ) : null}
      <CodeForm
        onCode={(value) => {
          storeCode(kind, shopId, value);
          setRefused(null);
          setEverWorked(false);
          setCode(value);
        }}
      />
    </main>
  );
}

function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('device');
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!marketOfCode(value)) {
      setInvalid(true);
      return;
    }
    onCode(value.trim().toUpperCase());
  };
  return (
    <form className="device__form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('setup.codeLabel')}</label>
      <input
        id={id}
        value={value}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setValue(e.target.value);
          setInvalid(false);
        }}
      />
      <p id={`${id}-hint`} className={invalid ? 'device__error' : 'device__hint'}>
        {invalid ? t('setup.codeInvalid') : t('setup.codeHint')}
      </p>
      <button type="submit">{t('setup.save')}</button>
    </form>
  );
}
