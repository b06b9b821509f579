// Last line of defence: a crash shows a translated message and a reload button.
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Crash() {
  const { t } = useTranslation();
  return (
    <main className="state state--error" role="alert">
      <h1>{t('errors.crashTitle')}</h1>
      <p>{t('errors.crash')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {t('common.reload')}
      </button>
    </main>
  );
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Crash /> : this.props.children;
  }
}
