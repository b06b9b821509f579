// Which market and shop an operator page shows: the operator's markets, then "every shop" or one
// shop of that market (from the chain board's data, by name).
import { useTranslation } from 'react-i18next';
import { SelectField } from '@jono/ui';
import type { Market } from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { useChainShops } from '../api/chain-board';

export function ScopePicker({
  session,
  market,
  pobId,
  onChange,
  allowAll = true,
}: {
  session: OperatorSession;
  market: Market;
  pobId: number | null;
  onChange: (market: Market, pobId: number | null) => void;
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  const { shops } = useChainShops(session);
  const here = shops
    .filter((s) => s.market === market)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="field-row">
      {session.operator.markets.length > 1 && (
        <SelectField
          label={t('login.market')}
          value={market}
          onChange={(e) => onChange(e.target.value as Market, null)}
        >
          {session.operator.markets.map((m) => (
            <option key={m} value={m}>
              {t(`markets.${m}`)}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t('operator.scope.shop')}
        value={pobId === null ? '' : String(pobId)}
        onChange={(e) => onChange(market, e.target.value ? Number(e.target.value) : null)}
      >
        {allowAll ? <option value="">{t('operator.scope.all')}</option> : null}
        {here.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
