// /barbershop/{id}: the shop, its services and the order being built, through review and sending.
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { marketOfLocale } from '@jono/contract';
import { BackButton } from '../../../components/ui/back-button';
import { Link } from '../../../components/ui/link';
import { ConfirmDialog } from '@jono/ui';
import { Loader } from '../../../components/ui/loader';
import { QueueTimer } from '../../../components/ui/queue-timer';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { notify } from '../../../lib/notification-store';
import { paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { cardState, shownEstimate } from '../../../lib/queue';
import { choiceEstimate, currentChoice } from '../../../lib/barbers';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useIsLoggedIn } from '../../../lib/session-store';
import { useProfile } from '../../auth/api/get-profile';
import { useShop } from '../../shops/api/get-shop';
import { useShopEvents } from '../../shops/api/use-shop-events';
import { BarberChoice } from '../components/barber-choice';
import { OrderReview } from '../components/order-review';
import { ServiceList } from '../components/service-list';
import { ShopImage } from '../components/shop-image';
import { ShopInfo } from '../components/shop-info';
import { useSendOrder } from '../hooks/use-send-order';
import { useShopNotice } from '../hooks/use-shop-notice';
import { emptyDraftOf, useOrderDraftStore } from '../stores/order-draft-store';
import {
  type OrderDraft,
  accept,
  canEdit,
  chooseBarber,
  edit,
  nextStep,
  toggleExtra,
  toggleService,
} from '../utils/order-draft';

// The page's three long parts re-render only when their own props change. A query's update (the
// shop's stream) is a synchronous render of this route, with the deferred answer still the old
// one: memoized, these parts are skipped there and drawn once, in the deferred render that
// follows, instead of twice, the first time in one long task.
const ShopInfoPart = memo(ShopInfo);
const ServiceListPart = memo(ServiceList);
const BarberChoicePart = memo(BarberChoice);

// The login form (and zod, which validates it) loads when a guest first presses next: a shop page
// opened from a link does not pay for it.
const LoginDialog = lazy(async () => ({
  default: (await import('../../auth/components/login-dialog')).LoginDialog,
}));

/** Pages on the way to an account, which keep the services being chosen. */
const KEEPS_DRAFT = new Set([
  paths.register.href(),
  paths.login.href(),
  paths.tutorial.href(),
  paths.recovery.href(),
]);

function useShopId(): number | null {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function ShopPageRoute() {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const id = useShopId();
  const shop = useShop(id);
  useShopEvents(id);
  const loggedIn = useIsLoggedIn();
  const profile = useProfile();
  // This shop's draft; another shop's is not shown while the effect below resets it. Every change
  // the page makes is made to this same draft (applyTo): a tap between the first commit and that
  // effect (a later task, after the browser may have painted and delivered the tap) changes this
  // shop's draft, which the effect then keeps, instead of the other shop's one it resets.
  const draft = useOrderDraftStore((s) => (s.draft.shopId === id ? s.draft : emptyDraftOf(id)));
  const applyTo = useOrderDraftStore((s) => s.applyTo);
  const apply = useCallback(
    (transition: (d: OrderDraft) => OrderDraft) => applyTo(id, transition),
    [applyTo, id],
  );
  const [loginOpen, setLoginOpen] = useState(false);
  /** Once the login dialog was asked for, it stays mounted (closing keeps its focus handling). */
  const [loginWanted, setLoginWanted] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [headerFixed, setHeaderFixed] = useState(false);
  const imageRef = useRef<HTMLDivElement>(null);
  const { send } = useSendOrder(shop.data);
  const onToggleService = useCallback(
    (serviceId: number) => apply((d) => toggleService(d, serviceId)),
    [apply],
  );
  const onToggleExtra = useCallback(
    (serviceId: number, extraId: number) => apply((d) => toggleExtra(d, serviceId, extraId)),
    [apply],
  );
  const onChooseBarber = useCallback(
    (barber: number | null) => apply((d) => chooseBarber(d, barber)),
    [apply],
  );
  const notice = useShopNotice(id ?? 0, shop.data?.notice);
  const activeShopId = useActiveOrderStore((s) => s.order?.shopId ?? null);

  // The draft belongs to this shop; leaving the shop page clears it, except on the way to create
  // an account or log in (the login dialog says the selection is kept): the tutorial that
  // follows registering brings the customer back to it.
  useEffect(() => {
    const store = useOrderDraftStore.getState();
    if (store.draft.shopId !== id) store.reset(id);
    const path = window.location.pathname;
    return () => {
      const next = window.location.pathname;
      if (next !== path && !KEEPS_DRAFT.has(next)) useOrderDraftStore.getState().reset();
    };
  }, [id]);

  // A failed load sends the customer home and empties the shop data; a shop that does not
  // exist (or an id that is not one) says so there.
  const failed = id === null || shop.isError;
  const missing = id === null || (shop.error instanceof ApiError && shop.error.status === 404);
  useEffect(() => {
    if (!failed) return;
    if (missing) notify({ title: t('shop.notFound'), tone: 'error' });
    if (id !== null)
      queryClient.removeQueries({ queryKey: queryKeys.shop(marketOfLocale(locale), id) });
    void navigate(paths.home.href(), { replace: true, state: { transition: 'slide-left' } });
  }, [failed, missing, id, locale, navigate, queryClient, t]);

  // The page renders from a deferred copy of the answer: the query's update, a synchronous
  // render, only schedules it, and React builds the page in slices of a few milliseconds that
  // leave the main thread free between them (a shop page opened from a link).
  const answer = useDeferredValue(shop.data);
  // The fixed header appears once the image has scrolled away.
  const loaded = answer !== undefined;
  // The barber choice, below the fold (under the services), is drawn right after the page's
  // first commit, in a transition of its own: the commit that paints the picture (the page's
  // largest paint) and its layout carry the rest of the page without it.
  const [barbersDrawn, setBarbersDrawn] = useState(false);
  useEffect(() => {
    if (loaded) startTransition(() => setBarbersDrawn(true));
  }, [loaded]);
  useEffect(() => {
    const element = imageRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setHeaderFixed(entry ? !entry.isIntersecting : false),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded, draft.status]);

  if (!answer) return <Loader />;
  const data = answer;
  const priority = profile.data?.membership?.priority ?? null;
  const shown = shownEstimate(data.service_time_estimates, priority);
  const wait = shown?.wait_time ?? null;
  const range = shown?.wait_range ?? null;
  // A customer already in a queue learns it here, before choosing anything, not at the last step.
  const activeOrderId = loggedIn ? (profile.data?.active_order_id ?? null) : null;
  const takingOrders = cardState(data) === 'takingOrders' && activeOrderId === null;
  const editable = canEdit(draft, takingOrders);
  // The barber chosen, while the shop still lists them as working today, and the wait of that
  // choice for this customer (the shop's own wait is the first available's).
  const barberId = currentChoice(data.barbers, draft.barberId ?? null);
  const barber = data.barbers.find((b) => b.id === barberId) ?? null;
  const choiceWait = (p: number | null) =>
    choiceEstimate(data.service_time_estimates, data.barbers, barberId, p);
  const chosen = choiceWait(priority);

  const next = (isLoggedIn: boolean, currentWait: number | null) => {
    switch (nextStep({ loggedIn: isLoggedIn, wait: currentWait })) {
      case 'login':
        setLoginWanted(true);
        setLoginOpen(true);
        break;
      case 'confirmTimeZero':
        setConfirmOpen(true);
        break;
      case 'accept':
        apply(accept);
        window.scrollTo({ top: 0 });
    }
  };

  if (draft.status === 'accepted') {
    return (
      <main className="screen shop-page shop-page--review">
        <div className="shop-page__back">
          <BackButton fallback={paths.home.href()} />
        </div>
        <OrderReview
          shop={data}
          draft={draft}
          barber={barber}
          wait={chosen?.wait_time ?? null}
          range={chosen?.wait_range ?? null}
          onSend={() => void send()}
          onEdit={() => apply(edit)}
        />
      </main>
    );
  }

  return (
    <main className="screen shop-page">
      {headerFixed ? (
        <div className="shop-page__fixed-header">
          <BackButton fallback={paths.home.href()} />
          <p className="shop-page__fixed-name">{data.name}</p>
          {takingOrders ? <QueueTimer minutes={wait} /> : null}
        </div>
      ) : null}
      <div className="shop-page__image" ref={imageRef}>
        <div className="shop-page__back">
          <BackButton fallback={paths.home.href()} />
        </div>
        <ShopImage id={data.id} image={data.image} name={data.name} />
      </div>
      <ShopInfoPart shop={data} wait={wait} range={range} />
      {activeOrderId !== null ? (
        <div className="notice notice--warning shop-page__active" role="status">
          <p className="shop-page__active-title">
            {activeShopId === data.id ? t('active.here') : t('active.title')}
          </p>
          {activeShopId === data.id ? null : <p>{t('active.text')}</p>}
          <Link className="button button--secondary" to={paths.tracking.href()}>
            {t('active.link')}
          </Link>
        </div>
      ) : null}
      {notice ? (
        <div className="notice notice--shop" role="status">
          {notice}
        </div>
      ) : null}
      <ServiceListPart
        shop={data}
        draft={draft}
        editable={editable}
        onToggleService={onToggleService}
        onToggleExtra={onToggleExtra}
      />
      {barbersDrawn ? (
        <BarberChoicePart
          shop={data}
          priority={priority}
          value={barberId}
          onChange={onChooseBarber}
          disabled={!editable}
        />
      ) : null}
      {draft.status === 'pending' && takingOrders ? (
        <div className="next-bar">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => next(loggedIn, chosen?.wait_time ?? null)}
          >
            {t('shop.next', { count: draft.serviceIds.length })}
          </button>
        </div>
      ) : null}
      {loginWanted ? (
        <Suspense fallback={<Loader />}>
          <LoginDialog
            open={loginOpen}
            onClose={() => setLoginOpen(false)}
            description={t('shop.loginToContinue')}
            onSuccess={(loggedInProfile) => {
              setLoginOpen(false);
              next(
                true,
                choiceWait(loggedInProfile.membership?.priority ?? null)?.wait_time ?? null,
              );
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title={t('timeZero.title')}
        description={t('timeZero.text')}
        cancelLabel={t('timeZero.cancel')}
        confirmLabel={t('timeZero.continue')}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          apply(accept);
        }}
      />
    </main>
  );
}
