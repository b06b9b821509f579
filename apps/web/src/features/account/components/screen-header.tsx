// The header of an account screen: back button, title and an optional link on the right.
import type { ReactNode } from 'react';
import { BackButton } from '../../../components/ui/back-button';

export function ScreenHeader({
  title,
  fallback,
  aside,
}: {
  title: string;
  fallback: string;
  aside?: ReactNode;
}) {
  return (
    <header className="screen__header account-header">
      <BackButton fallback={fallback} />
      <h1 className="account-header__title">{title}</h1>
      <span className="account-header__aside">{aside}</span>
    </header>
  );
}
