// Entry: load the language (and, on the start screen, the shop list at the same time), then render.
import './lib/zod-jitless-first';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageTag, marketOfLocale } from '@jono/contract';
import { App } from './app/app';
import { createQueryClient } from '@jono/api-client';
import { shopsQueryOptions } from './features/shops/api/get-shops';
import {
  i18next,
  initI18n,
  setDocumentLanguage,
  SHOP_PAGE_NAMESPACES,
  TRACKING_NAMESPACES,
  WELCOME_NAMESPACES,
} from './lib/i18n';
import { useLocaleStore } from './lib/locale-store';
import { intlLocaleOf } from './lib/opening-hours';
import { shopPageIntl, waitAtMost, warmIntlOffMainThread } from './lib/intl-warmup';
import { paths } from './lib/paths';
import { useSessionStore } from './lib/session-store';
import { preloadShopImage } from './lib/shop-image';
import { hasValidRecovery, welcomeSeen } from './lib/storage';
import { firstLoadPath } from './app/start-gate';
import '@jono/ui/styles.css';
import './styles/index.css';

const { language, locale } = useLocaleStore.getState();
setDocumentLanguage(language, locale);
const queryClient = createQueryClient();
useLocaleStore.subscribe((s, previous) => {
  setDocumentLanguage(s.language, s.locale);
  if (i18next.isInitialized && i18next.language !== s.language)
    void i18next.changeLanguage(s.language);
  // The server's texts (catalogue, notices, messages) come in the language asked for: fetch again.
  if (s.language !== previous.language) void queryClient.invalidateQueries();
});

const root = document.getElementById('root');
if (root) {
  const loggedIn = useSessionStore.getState().session !== null;
  const load = firstLoadPath({
    pathname: window.location.pathname,
    loggedIn,
    validRecovery: hasValidRecovery(),
    welcomeSeen: welcomeSeen(),
  });
  // A guest's first visit to / (or to tracking) starts on the welcome slides, where the start
  // gate would send it: the router then draws them first, not "/" and a redirect (one render,
  // commit and layout less before the slides show).
  if (load.path !== window.location.pathname) {
    window.history.replaceState(window.history.state, '', load.path);
  }
  // The shop list is what nearly every visit shows first: it is asked for while the translations
  // load, not after the first render (not for a first visit, which starts on the welcome slides).
  if (/^\/(home\/?)?$/.test(window.location.pathname)) {
    void queryClient.prefetchQuery(shopsQueryOptions(marketOfLocale(locale)));
  }
  // A shop page opened from a link: its code and its answer are asked for now too, not after the
  // first render has found the route (dynamic imports: neither joins the first-screen chunk).
  const shop = /^\/barbershop\/(\d{1,9})\/?$/.exec(window.location.pathname);
  // The dynamic imports below are made in a task of their own, right after this one (and before
  // i18next's, which fetches the texts): each inserts a <link rel="modulepreload"> per module of
  // its screen, about a fifth of this task's time when they ran inside it.
  const early: (() => void)[] = [];
  // On a shop page, the worker that loads the Intl data (below); elsewhere nothing to wait for.
  let intlData: Promise<void> | null = null;
  if (shop) {
    // The page's first Intl formatter loads the browser's locale and time-zone data: 10-20 ms of
    // this machine's main thread, ten times that on a slow phone, which the shop page paid inside
    // its first render, before its largest paint (the picture), and then in a task of its own.
    // A worker loads them now, while the page's code, texts and answer are on the network (the
    // data are the process's: the main thread's formatters then cost a fraction of a
    // millisecond), and the page's formatters are built once it has (lib/intl-warmup.ts).
    const intlReady = warmIntlOffMainThread(
      shopPageIntl(locale, intlLocaleOf(language, locale), languageTag(language)),
    );
    intlData = intlReady;
    early.push(() => {
      void import('./features/order/routes/shop-page');
      void import('./features/shops/api/get-shop').then(async ({ shopQueryOptions }) => {
        const options = shopQueryOptions(marketOfLocale(locale), Number(shop[1]));
        await queryClient.prefetchQuery(options);
        // The picture is the page's largest paint: fetched now, not once the page has rendered.
        const answer = queryClient.getQueryData(options.queryKey);
        if (answer) preloadShopImage(answer);
      });
    });
    // Its formatters are built in tasks of their own while its code loads, not inside its render (a
    // dynamic import: the shop list's first-screen chunk does not carry it), once the worker has
    // loaded the data they need.
    early.push(() => {
      void Promise.all([import('./lib/warm-formats'), intlReady]).then(
        ([{ warmShopPageFormats }]) => warmShopPageFormats(locale, language),
      );
    });
  }
  // The other screens a first visit lands on: the welcome slides and tracking. Their code is asked
  // for now, beside the first-screen chunk's own requests, and their texts with the first ones:
  // not one round trip after the first render found the route.
  const { pathname } = window.location;
  const tracking = pathname === paths.tracking.path && loggedIn;
  const toWelcome = pathname === paths.welcome.path;
  early.push(() => {
    if (load.gated) void import('./app/routes/start-gate');
    if (toWelcome) void import('./features/welcome/routes/welcome');
    if (tracking) void import('./features/tracking/routes/tracking');
  });
  setTimeout(() => early.forEach((ask) => ask()), 0);
  const extra = shop
    ? SHOP_PAGE_NAMESPACES
    : toWelcome
      ? WELCOME_NAMESPACES
      : tracking
        ? TRACKING_NAMESPACES
        : [];
  // A shop page's texts load with the first ones, not after the router has found the route.
  const texts = initI18n(language, extra);
  // The first render formats (the shop page's hours, prices and waits): when the worker is still
  // loading the Intl data as the texts arrive, it waits for it, a quarter of a second at most,
  // rather than load the data on the main thread inside a render task. Chromium fetches the
  // worker's file at the lowest priority, after the page's scripts and texts.
  const ready = intlData ? texts.finally(() => waitAtMost(intlData, 250)) : texts;
  void ready.finally(() => {
    const reactRoot = createRoot(root);
    // A transition: React renders the first screen in slices of a few milliseconds and gives the
    // main thread back between them (network answers, input), instead of one long task.
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
