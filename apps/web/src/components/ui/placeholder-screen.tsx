// A stand-in for an account-area screen that a later part of the work replaces.
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { BackButton } from './back-button';

export function PlaceholderScreen({
  name,
  fallback = '/home',
  children,
}: {
  name: string;
  fallback?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="screen placeholder-screen" data-placeholder={name}>
      <header className="screen__header">
        <BackButton fallback={fallback} />
        <h1>{t('placeholder.title')}</h1>
      </header>
      <p>{t('placeholder.text')}</p>
      {children}
    </main>
  );
}
