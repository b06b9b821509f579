// Move a waiting customer from one shop to a nearby one of the same market: pick the order and
// the shop (nearest first, with its wait now); the customer keeps the time already waited, is
// told by SMS and can go back.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, FormAlert, SelectField, useToast } from '@jono/ui';
import {
  moveOrderAnswerSchema,
  operatorWaitingOrdersSchema,
  type OperatorShop,
} from '@jono/contract';
import { useErrorText } from '../../../components/ui/use-error-text';
import { operatorRequest } from '../api/client';
import { boardKey } from '../api/chain-board';
import { distanceKm, oneTimeWait } from '../utils/board';

export function MoveDialog({
  from,
  shops,
  onClose,
}: {
  from: OperatorShop;
  shops: OperatorShop[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const waiting = useQuery({
    queryKey: ['operator-waiting', from.market, from.id],
    queryFn: () =>
      operatorRequest(from.market, `/operator/shops/${from.id}/orders/`, {
        schema: operatorWaitingOrdersSchema,
      }),
  });
  const targets = shops
    .filter((s) => s.id !== from.id && s.open && s.queue_state === 'open')
    .map((s) => ({ shop: s, km: distanceKm(from, s) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, 10);
  const [orderId, setOrderId] = useState('');
  const [toId, setToId] = useState('');
  const mutation = useMutation({
    mutationFn: (body: { order_id: number; to_pob_id: number }) =>
      operatorRequest(from.market, '/operator/moves/', {
        method: 'POST',
        body,
        schema: moveOrderAnswerSchema,
      }),
    onSuccess: (answer) => {
      const to = shops.find((s) => s.id === answer.pob_id);
      toast({ tone: 'success', message: t('operator.move.done', { shop: to?.name ?? '' }) });
      void queryClient.invalidateQueries({ queryKey: boardKey(from.market) });
      onClose();
    },
  });
  const orders = waiting.data ?? [];
  const chosenOrder = orderId || String(orders[0]?.id ?? '');
  const chosenShop = toId || String(targets[0]?.shop.id ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenOrder || !chosenShop) return;
    mutation.mutate({ order_id: Number(chosenOrder), to_pob_id: Number(chosenShop) });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('operator.move.title', { shop: from.name })}
      description={t('operator.move.intro')}
    >
      <form className="stack" onSubmit={submit}>
        {waiting.isPending && <p role="status">{t('common.loading')}</p>}
        {waiting.data && orders.length === 0 && <p>{t('operator.move.nobody')}</p>}
        {orders.length > 0 && (
          <SelectField
            label={t('operator.move.customer')}
            value={chosenOrder}
            onChange={(e) => setOrderId(e.target.value)}
          >
            {orders.map((o) => (
              <option key={o.id} value={o.id}>
                {t('operator.move.order', {
                  ticket: o.ticket ?? '–',
                  name: o.customer_name ?? t('operator.move.anonymous'),
                  wait: o.wait_estimate ?? '–',
                })}
              </option>
            ))}
          </SelectField>
        )}
        {targets.length === 0 ? (
          <p>{t('operator.move.noTarget')}</p>
        ) : (
          <SelectField
            label={t('operator.move.to')}
            value={chosenShop}
            onChange={(e) => setToId(e.target.value)}
          >
            {targets.map(({ shop, km }) => (
              <option key={shop.id} value={shop.id}>
                {t('operator.move.target', {
                  name: shop.name,
                  km: km.toFixed(1),
                  wait: oneTimeWait(shop)?.wait_time ?? '–',
                })}
              </option>
            ))}
          </SelectField>
        )}
        <FormAlert>{mutation.error ? errorText(mutation.error) : null}</FormAlert>
        <div className="dialog__actions">
          <Button type="button" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={!chosenOrder || !chosenShop || mutation.isPending}
          >
            {t('operator.move.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
