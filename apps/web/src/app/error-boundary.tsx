// Top-level error boundaries: one around the whole app, one as the router's error element.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';

function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className="screen screen--centered error-screen" role="alert">
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <a className="button button--primary" href={paths.root.href()}>
        {t('error.reload')}
      </a>
    </main>
  );
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen />;
}
