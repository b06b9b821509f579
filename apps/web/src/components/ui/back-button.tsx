// The back button: the previous path, else the fallback (/home or /).
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { backTarget } from '../../lib/navigation-history';
import type { NavigationState } from '../../lib/paths';
import { IconChevronLeft } from '@jono/ui';

export function BackButton({
  fallback = '/home',
  className,
}: {
  fallback?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={['icon-button', 'back-button', className].filter(Boolean).join(' ')}
      aria-label={t('back')}
      onClick={() => {
        const target = backTarget(fallback);
        const state: NavigationState = { transition: 'slide-left' };
        if (target.kind === 'history') void navigate(-1);
        else void navigate(target.path, { state });
      }}
    >
      <IconChevronLeft />
    </button>
  );
}
