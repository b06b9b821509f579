// A small error reporter: uncaught errors and unhandled rejections are posted to the configured
// URL (VITE_ERROR_REPORT_URL). Without one nothing is installed.
import { env } from '../../config/env';

const MAX_REPORTS = 20;

export interface ErrorReport {
  message: string;
  stack?: string;
  source?: string;
  url: string;
  at: string;
  kind: 'error' | 'unhandledrejection';
}

export function toReport(kind: ErrorReport['kind'], reason: unknown, source?: string): ErrorReport {
  const error = reason instanceof Error ? reason : null;
  return {
    kind,
    message: error?.message ?? String(reason),
    stack: error?.stack?.slice(0, 4000),
    source,
    url: window.location.pathname,
    at: new Date().toISOString(),
  };
}

export function installErrorReporter(url = env.errorReportUrl): () => void {
  if (!url) return () => {};
  let sent = 0;
  const send = (report: ErrorReport) => {
    if (sent >= MAX_REPORTS) return;
    sent += 1;
    const body = JSON.stringify(report);
    if (!navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) {
      void fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => {});
    }
  };
  const onError = (event: ErrorEvent) =>
    send(toReport('error', event.error ?? event.message, event.filename));
  const onRejection = (event: PromiseRejectionEvent) =>
    send(toReport('unhandledrejection', event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
