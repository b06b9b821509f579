// Accounts belong to a market (each market is its own backend), so a change of market never logs
// anyone out: the session, the active order and the favourites of the market left are put aside
// and those of the market entered (if any) come back. Returning to a market restores everything.
import { MARKET_INFO, type Market } from '@jono/contract';
import { useActiveOrderStore, type ActiveOrderRef } from './active-order-store';
import { useFavouritesStore } from './favourites-store';
import { i18next } from './i18n';
import { currentMarket, useLocaleStore } from './locale-store';
import { notify } from './notification-store';
import { useSessionStore, type Session } from './session-store';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface ShelvedMarket {
  session: Session | null;
  rememberLogin: boolean;
  order: ActiveOrderRef | null;
  favourites: number[];
}

type Shelf = Partial<Record<Market, ShelvedMarket>>;

function readShelf(): Shelf {
  const value = readStorage(STORAGE_KEYS.shelf);
  return value && typeof value === 'object' ? (value as Shelf) : {};
}

/** The market's put-aside session and data, or null. */
export function shelvedMarket(market: Market): ShelvedMarket | null {
  return readShelf()[market] ?? null;
}

/** Moves the current market's state onto the shelf and takes the next market's off it. */
export function swapMarkets(from: Market, to: Market): void {
  if (from === to) return;
  const shelf = readShelf();
  const session = useSessionStore.getState();
  shelf[from] = {
    session: session.session,
    rememberLogin: session.rememberLogin,
    order: useActiveOrderStore.getState().order,
    favourites: useFavouritesStore.getState().ids,
  };
  const next = shelf[to];
  delete shelf[to];
  writeStorage(STORAGE_KEYS.shelf, shelf);
  useSessionStore.setState({
    session: next?.session ?? null,
    rememberLogin: next?.rememberLogin ?? session.rememberLogin,
  });
  useActiveOrderStore.setState({ order: next?.order ?? null });
  useFavouritesStore.setState({ ids: next?.favourites ?? [] });
}

/**
 * Applies a change of the locale store (a country or a language chosen, a phone's market) and,
 * when it moved the app to another market, swaps the markets' sessions and data and says that the
 * account of the market left is kept. Every change of market goes through here.
 */
export function changeMarket(change: () => void): void {
  const previous = currentMarket();
  const hadSession = useSessionStore.getState().session !== null;
  change();
  const next = currentMarket();
  if (next === previous) return;
  swapMarkets(previous, next);
  if (hadSession) {
    // In the language now chosen (choosing Eesti changes both), once its texts have loaded.
    const language = useLocaleStore.getState().language;
    void i18next.loadLanguages(language).then(() => {
      const t = i18next.getFixedT(language, 'common');
      const country = t(`countries.${MARKET_INFO[previous].country}`);
      notify({ title: t('market.accountKept', { country }) });
    });
  }
}
