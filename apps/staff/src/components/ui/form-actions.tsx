// The end of every console form: an optional note on the left, then Cancel and the submit button.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@jono/ui';

interface FormActionsProps {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  children?: ReactNode;
}

export function FormActions({ submitLabel, pending, onCancel, children }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="row row--end">
      {children}
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" variant="primary" busy={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
