// Home: search, closest-first, the map, favourites and the shop list (also /barbershop and any
// unknown path).
import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import { MARKET_INFO, marketOfLocale, SEARCH_DEBOUNCE_MS } from '@jono/contract';
import { Skeleton } from '../../../components/ui/loader';
import { useFavouritesStore } from '../../../lib/favourites-store';
import { useLocale } from '../../../lib/locale-store';
import { useLocationStore } from '../../../lib/location-store';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProfile } from '../../auth/api/get-profile';
import { useShops } from '../api/get-shops';
import { ShopListSection } from '../components/shop-list-section';
import { useGeolocation } from '../hooks/use-geolocation';
import { buildShopList } from '../utils/shop-list';
import { unitOfLocale } from '../../../lib/distance';

// The map overlay (and its dialog) loads the first time it opens, not with the list.
const MapOverlay = lazy(async () => ({
  default: (await import('../components/map-overlay')).MapOverlay,
}));

export function HomeRoute() {
  const { t } = useTranslation('shops');
  const searchId = useId();
  const locale = useLocale();
  const shops = useShops();
  const profile = useProfile();
  const priority = profile.data?.membership?.priority ?? null;
  const favouriteIds = useFavouritesStore((s) => s.ids);
  const coords = useLocationStore((s) => s.coords);
  const closestFirst = useLocationStore((s) => s.closestFirst);
  const setClosestFirst = useLocationStore((s) => s.setClosestFirst);
  const geolocation = useGeolocation();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [mapOpen, setMapOpen] = useState(false);
  // Stays mounted once opened, so that closing returns focus like any dialog.
  const [mapLoaded, setMapLoaded] = useState(false);
  const located = closestFirst && coords !== null;
  // The list renders from a deferred copy of the answer: the query's update, a synchronous
  // render, only schedules it, and React builds the cards in slices of a few milliseconds that
  // leave the main thread free between them.
  const shopsData = useDeferredValue(shops.data);
  const listPending = shops.isPending || (shops.data !== undefined && shopsData === undefined);

  const view = useMemo(
    () =>
      buildShopList({
        shops: shopsData ?? [],
        query: debouncedQuery,
        favouriteIds,
        coords: located ? coords : null,
        locale,
      }),
    [shopsData, debouncedQuery, favouriteIds, located, coords, locale],
  );

  const centre = coords ?? MARKET_INFO[marketOfLocale(locale)].centre;

  return (
    <main className="screen home">
      <header className="home__header">
        <h1 className="home__title">{t('home.title')}</h1>
        <Link className="screen__header-link" to={paths.profileLanguage.href()}>
          {`${t(`common:countries.${MARKET_INFO[marketOfLocale(locale)].country}`)} · ${t('common:language')}`}
        </Link>
      </header>

      <div className="home__tools">
        <div className="search" role="search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('home.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            className="search__input"
            placeholder={t('home.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="home__buttons">
          <button
            type="button"
            className="chip"
            aria-pressed={located}
            aria-busy={geolocation.status === 'locating'}
            onClick={() => (located ? setClosestFirst(false) : geolocation.locate())}
          >
            {geolocation.status === 'locating' ? t('home.locating') : t('home.closestFirst')}
          </button>
          <button
            type="button"
            className="chip"
            onClick={() => {
              setMapLoaded(true);
              setMapOpen(true);
            }}
            disabled={!shops.data}
          >
            {t('home.map')}
          </button>
        </div>
        {located ? <p className="home__units">{t(`home.units.${unitOfLocale(locale)}`)}</p> : null}
      </div>

      <div className="shop-list" aria-busy={listPending}>
        {listPending ? (
          <div className="shop-list__loading" aria-label={t('common:loading')} role="status">
            <Skeleton className="skeleton--card" count={5} />
          </div>
        ) : shops.isError ? (
          <div className="empty-state" role="alert">
            <p className="empty-state__title">{t('home.loadErrorTitle')}</p>
            <p>{t('home.loadErrorText')}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void shops.refetch()}
            >
              {t('common:retry')}
            </button>
          </div>
        ) : (
          <>
            {view.noResults ? (
              <p className="empty-state" role="status">
                {t('home.noResults', { query: debouncedQuery.trim() })}
              </p>
            ) : null}
            {view.favourites.length > 0 ? (
              <ShopListSection
                title={t('home.favourites')}
                items={view.favourites}
                priority={priority}
              />
            ) : null}
            {view.groups.map((group, index) => (
              <ShopListSection
                key={`${group.label ?? 'all'}-${index}`}
                title={
                  group.label
                    ? t(`distanceGroup.${group.label}`, { unit: unitOfLocale(locale) })
                    : view.searching
                      ? t('home.results')
                      : t('home.allShops')
                }
                items={group.items}
                priority={priority}
              />
            ))}
          </>
        )}
      </div>

      {mapLoaded ? (
        <Suspense fallback={null}>
          <MapOverlay
            open={mapOpen}
            onClose={() => setMapOpen(false)}
            shops={shops.data ?? []}
            centre={centre}
            user={located ? coords : null}
            priority={priority}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
