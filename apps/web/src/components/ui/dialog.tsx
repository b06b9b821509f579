// The shared dialogs of @jono/ui with the app's translated close and cancel texts.
import {
  ConfirmDialog as UiConfirmDialog,
  Dialog as UiDialog,
  type ConfirmDialogProps,
  type DialogProps,
} from '@jono/ui';
import { useTranslation } from '../../lib/use-translation';

export function Dialog(props: Omit<DialogProps, 'closeLabel'>) {
  const { t } = useTranslation();
  return <UiDialog closeLabel={t('close')} {...props} />;
}

export function ConfirmDialog(props: Omit<ConfirmDialogProps, 'closeLabel'>) {
  const { t } = useTranslation();
  return <UiConfirmDialog closeLabel={t('close')} {...props} />;
}
