// The Jono logo: a barber pole and the name, drawn inline.
import { useTranslation } from '../../../lib/use-translation';
import '../account.css';

export function Logo({ size = 72 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <div className="logo">
      <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={t('appName')}>
        <rect width="64" height="64" rx="14" fill="#1f4e9c" />
        <rect x="24" y="10" width="16" height="44" rx="8" fill="#fff" />
        <path d="M24 22l16-8v8l-16 8zM24 38l16-8v8l-16 8z" fill="#c8102e" />
        <circle cx="32" cy="10" r="4" fill="#f2a900" />
        <circle cx="32" cy="54" r="4" fill="#f2a900" />
      </svg>
      <span className="logo__name" aria-hidden="true">
        {t('appName')}
      </span>
    </div>
  );
}
