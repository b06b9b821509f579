// The React side of i18next for the customer app: `useTranslation(ns)` gives a `t` bound to the
// current language and the namespace, and re-renders when the language changes or a namespace
// arrives. It replaces react-i18next, of which the app used only this hook: its bundle (and the
// useSyncExternalStore shim it brings for React 17) cost /home 3 kB of its 120 kB budget
// (decision 006). Same contract as react-i18next's hook with `useSuspense: false`: a namespace
// that is not loaded yet is requested, and its keys show until it arrives; lazy screens load
// theirs with their code (lazyScreen), so users never see that.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import { i18next } from './i18n';

let revision = 0;
const listeners = new Set<() => void>();
const changed = () => {
  revision += 1;
  for (const listener of listeners) listener();
};
// 'loaded' is the backend's event, forwarded by i18next, for every namespace that arrives.
i18next.on('languageChanged', changed);
i18next.on('loaded', changed);
i18next.on('initialized', changed);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getRevision = () => revision;

export interface UseTranslation {
  /** Translates in the current language; keys of other namespaces take a `ns:` prefix. */
  t: TFunction;
  i18n: I18n;
  /** Whether every namespace asked for is loaded. */
  ready: boolean;
}

export function useTranslation(ns?: string | readonly string[]): UseTranslation {
  const current = useSyncExternalStore(subscribe, getRevision, getRevision);
  const key = ns === undefined ? '' : typeof ns === 'string' ? ns : ns.join(',');
  const ready =
    i18next.isInitialized &&
    (key === '' || key.split(',').every((n) => i18next.hasLoadedNamespace(n)));

  useEffect(() => {
    if (key !== '' && i18next.isInitialized && !ready) void i18next.loadNamespaces(key.split(','));
  }, [key, ready, current]);

  const t = useMemo(
    () => i18next.getFixedT(null, key === '' ? null : (key.split(',')[0] ?? null)),
    // A new `t` for every language and every arrival, as with react-i18next: effects and memos
    // that depend on `t` run again with the new texts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, current],
  );
  return { t, i18n: i18next, ready };
}
