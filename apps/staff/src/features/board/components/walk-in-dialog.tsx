// The walk-in dialog: loads the shop's catalogue, then the form. A phone that is no member's is
// not silently dropped: staff are asked whether to add a one-time walk-in instead.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueBarber, WalkInPayload } from '@jono/contract';
import { Dialog, useToast } from '@jono/ui';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { useShop } from '../../../lib/shop';
import { useAddWalkIn } from '../api/add-walk-in';
import { WalkInForm } from './walk-in-form';

interface Props {
  open: boolean;
  /** The shop's named barbers working today (a walk-in may choose one); [] without them. */
  barbers?: readonly StaffQueueBarber[];
  onClose: () => void;
}

export function WalkInDialog({ open, barbers = [], onClose }: Props) {
  const { t } = useTranslation();
  const shop = useShop();
  const add = useAddWalkIn();
  const toast = useToast();
  const errorText = useErrorText();

  const [unknownPhone, setUnknownPhone] = useState<WalkInPayload | null>(null);

  const submit = (payload: WalkInPayload) =>
    add.mutate(payload, {
      onSuccess: () => {
        const name = payload.name ?? t('board.unnamed');
        const barber = barbers.find((b) => b.id === payload.barber_id)?.first_name;
        toast({
          message: barber ? t('walkIn.addedFor', { name, barber }) : t('walkIn.added', { name }),
        });
        add.reset();
        setUnknownPhone(null);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'no_member') setUnknownPhone(payload);
      },
    });
  const noMember = unknownPhone !== null && isApiError(add.error) && add.error.code === 'no_member';

  return (
    <Dialog open={open} title={t('walkIn.title')} onClose={onClose} className="dialog--wide">
      {shop.isPending ? (
        <Loading />
      ) : shop.isError ? (
        <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />
      ) : (
        <>
          {noMember ? (
            <div className="banner banner--warning stack" role="alert">
              <p>{t('walkIn.noMember', { phone: unknownPhone.phone })}</p>
              <div className="row">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={add.isPending}
                  onClick={() => {
                    const { phone: _phone, ...oneTime } = unknownPhone;
                    submit(oneTime);
                  }}
                >
                  {t('walkIn.addOneTime')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setUnknownPhone(null);
                    add.reset();
                  }}
                >
                  {t('walkIn.fixPhone')}
                </button>
              </div>
            </div>
          ) : null}
          <WalkInForm
            shop={shop.data}
            barbers={barbers}
            pending={add.isPending}
            error={add.error && !noMember ? errorText(add.error) : null}
            onSubmit={submit}
            onCancel={onClose}
          />
        </>
      )}
    </Dialog>
  );
}
