// Loading indicators: a spinner with an accessible label, and skeleton blocks for placeholders.
import { useTranslation } from '../../lib/use-translation';

export function Loader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}

export function Skeleton({ className, count = 1 }: { className?: string; count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className={['skeleton', className].filter(Boolean).join(' ')}
          aria-hidden="true"
        />
      ))}
    </>
  );
}
