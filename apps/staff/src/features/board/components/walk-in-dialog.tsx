// The walk-in dialog: loads the shop's catalogue, then the form.
import { useTranslation } from 'react-i18next';
import type { WalkInPayload } from '@jono/contract';
import { Dialog, useToast } from '@jono/ui';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useShop } from '../../../lib/shop';
import { useAddWalkIn } from '../api/add-walk-in';
import { WalkInForm } from './walk-in-form';

export function WalkInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const shop = useShop();
  const add = useAddWalkIn();
  const toast = useToast();
  const errorText = useErrorText();

  const submit = (payload: WalkInPayload) =>
    add.mutate(payload, {
      onSuccess: () => {
        toast({ message: t('walkIn.added', { name: payload.name ?? t('board.unnamed') }) });
        add.reset();
        onClose();
      },
    });

  return (
    <Dialog open={open} title={t('walkIn.title')} onClose={onClose} className="dialog--wide">
      {shop.isPending ? (
        <Loading />
      ) : shop.isError ? (
        <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />
      ) : (
        <WalkInForm
          shop={shop.data}
          pending={add.isPending}
          error={add.error ? errorText(add.error) : null}
          onSubmit={submit}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
