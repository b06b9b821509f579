// Top-level error boundaries: one around the whole app, one around the routes.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
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

/** Around the routes: a screen that fails to render or to load shows the error screen until the
 * next navigation, as a router's error element would. */
export class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { failed: boolean; pathname: string }
> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { failed: boolean; pathname: string },
  ) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
