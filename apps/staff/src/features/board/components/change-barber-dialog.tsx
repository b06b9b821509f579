// The customer at the counter asks for another barber, or the first available. Only with their
// consent (a tied customer is never moved without it); the customer keeps their place.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueBarber, StaffQueueOrder } from '@jono/contract';
import { CheckboxField, Dialog, FormAlert, SelectField, useToast } from '@jono/ui';
import { FormActions } from '../../../components/ui/form-actions';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useChangeBarber } from '../api/barbers';

interface Props {
  order: StaffQueueOrder | null;
  barbers: readonly StaffQueueBarber[];
  onClose: () => void;
}

export function ChangeBarberDialog({ order, barbers, onClose }: Props) {
  const { t } = useTranslation();
  const name = order?.customer_name ?? t('board.unnamed');
  return (
    <Dialog open={order !== null} title={t('board.changeBarber.title', { name })} onClose={onClose}>
      {order ? (
        <ChangeBarberForm key={order.id} order={order} barbers={barbers} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function ChangeBarberForm({
  order,
  barbers,
  onClose,
}: {
  order: StaffQueueOrder;
  barbers: readonly StaffQueueBarber[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const change = useChangeBarber();
  const current = order.barber_id ?? null;
  const [choice, setChoice] = useState(current === null ? '' : String(current));
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = order.customer_name ?? t('board.unnamed');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const barberId = choice === '' ? null : Number(choice);
    if (barberId === current) {
      setProblem(t('board.changeBarber.same'));
      return;
    }
    if (!consent) {
      setProblem(t('board.changeBarber.needConsent'));
      return;
    }
    setProblem(null);
    change.mutate(
      { orderId: order.id, barberId },
      {
        onSuccess: () => {
          const chosen = barbers.find((barber) => barber.id === barberId)?.first_name;
          toast({
            message: chosen
              ? t('board.changeBarber.done', { name, barber: chosen })
              : t('board.changeBarber.doneFirst', { name }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="muted">{t('board.changeBarber.intro')}</p>
      <SelectField
        label={t('board.changeBarber.barber')}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
      >
        <option value="">{t('board.firstAvailable')}</option>
        {barbers
          // A barber with no shift left today cannot be chosen (the server refuses it).
          .filter(
            (barber) =>
              barber.on_duty ||
              barber.due_since !== null ||
              barber.next_shift_at !== null ||
              barber.id === current,
          )
          .map((barber) => (
            <option key={barber.id} value={barber.id}>
              {barber.on_duty
                ? barber.first_name
                : t('board.changeBarber.offDutyOption', { name: barber.first_name })}
            </option>
          ))}
      </SelectField>
      <CheckboxField
        label={t('board.changeBarber.consent', { name })}
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
      />
      <FormAlert>{problem ?? (change.error ? errorText(change.error) : null)}</FormAlert>
      <FormActions
        submitLabel={t('board.changeBarber.submit')}
        pending={change.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
