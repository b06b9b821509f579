// The shared dialogs of @jono/ui with the console's translated close and cancel texts.
import {
  ConfirmDialog as UiConfirmDialog,
  Dialog as UiDialog,
  type ConfirmDialogProps,
  type DialogProps,
} from '@jono/ui';
import { useTranslation } from 'react-i18next';

export function Dialog(props: Omit<DialogProps, 'closeLabel'>) {
  const { t } = useTranslation();
  return <UiDialog closeLabel={t('common.close')} {...props} />;
}

/** A confirmation that closes itself once confirmed. */
export function ConfirmDialog({
  onConfirm,
  ...props
}: Omit<ConfirmDialogProps, 'closeLabel' | 'cancelLabel'>) {
  const { t } = useTranslation();
  return (
    <UiConfirmDialog
      closeLabel={t('common.close')}
      cancelLabel={t('common.cancel')}
      onConfirm={() => {
        onConfirm();
        props.onCancel();
      }}
      {...props}
    />
  );
}
