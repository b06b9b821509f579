// /operator: every shop of the operator's markets as a tile, most attention first, live over one
// stream for the whole chain. A filter narrows it to the shops that need attention or to a city.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { OperatorShop } from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { useChainEvents, useChainShops } from '../api/chain-board';
import { ShopTile } from '../components/shop-tile';
import { MoveDialog } from '../components/move-dialog';
import { byAttention } from '../utils/board';

/** Tiles drawn at once; the rest behind "Show more" (500 shops stay fast on a tablet). */
const PAGE = 60;

export function ChainBoardRoute() {
  const { t } = useTranslation();
  const session = useOutletContext<OperatorSession>();
  const { shops, loading, error } = useChainShops(session);
  const live = useChainEvents(session);
  const [onlyUrgent, setOnlyUrgent] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [moving, setMoving] = useState<OperatorShop | null>(null);
  const sorted = useMemo(() => [...shops].sort(byAttention), [shops]);
  const urgent = sorted.filter((s) => s.reasons.length > 0);
  const list = onlyUrgent ? urgent : sorted;
  const multi = session.operator.markets.length > 1;

  return (
    <div className="page page--wide">
      <div className="operator-head">
        <h1>{t('operator.board.title')}</h1>
        <p role="status" className={`live-state live-state--${live}`}>
          {t(`operator.live.${live}`)}
        </p>
      </div>
      <p className="muted">
        {t('operator.board.summary', { shops: shops.length, urgent: urgent.length })}
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={onlyUrgent}
          onChange={(e) => setOnlyUrgent(e.target.checked)}
        />{' '}
        {t('operator.board.onlyUrgent')}
      </label>
      {loading && shops.length === 0 && (
        <div className="state" role="status">
          <div className="spinner" aria-hidden="true" />
          {t('common.loading')}
        </div>
      )}
      {error && (
        <div className="state state--error" role="alert">
          {t('errors.generic')}
        </div>
      )}
      <section aria-label={t('operator.board.title')} className="shop-grid">
        {list.slice(0, shown).map((shop) => (
          <ShopTile
            key={`${shop.market}-${shop.id}`}
            shop={shop}
            showMarket={multi}
            onMove={setMoving}
          />
        ))}
      </section>
      {list.length > shown && (
        <button type="button" className="button" onClick={() => setShown((n) => n + PAGE)}>
          {t('operator.board.more', { count: list.length - shown })}
        </button>
      )}
      {moving && (
        <MoveDialog
          from={moving}
          shops={sorted.filter((s) => s.market === moving.market)}
          onClose={() => setMoving(null)}
        />
      )}
    </div>
  );
}
