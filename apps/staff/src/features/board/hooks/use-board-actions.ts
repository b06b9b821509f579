// Runs an action on an order and tells staff what happened, offering Undo where the API allows it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQueueOrder } from '@jono/contract';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useOrderAction, type OrderAction } from '../api/order-actions';

const DONE_KEY: Record<Exclude<OrderAction, 'undo'>, string> = {
  start: 'board.did.start',
  finish: 'board.did.finish',
  'no-show': 'board.did.no_show',
  defer: 'board.did.defer',
  cancel: 'board.did.cancel',
};

export function useBoardActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const mutation = useOrderAction();
  const { mutate } = mutation;

  const undo = useCallback(
    (orderId: number) =>
      mutate(
        { orderId, action: 'undo' },
        {
          onSuccess: () => toast({ message: t('board.undone') }),
          onError: (error) => toast({ message: errorText(error), tone: 'error' }),
        },
      ),
    [mutate, toast, t, errorText],
  );

  const run = useCallback(
    (order: StaffQueueOrder, action: Exclude<OrderAction, 'undo'>, chair?: number) =>
      mutate(
        { orderId: order.id, action, chair },
        {
          onSuccess: (answer) => {
            const name = order.customer_name ?? t('board.unnamed');
            toast({
              message: t(DONE_KEY[action], { name }),
              action: answer.undo
                ? { label: t('common.undo'), run: () => undo(order.id) }
                : undefined,
            });
          },
          onError: (error) => toast({ message: errorText(error), tone: 'error' }),
        },
      ),
    [mutate, toast, t, errorText, undo],
  );

  return { run, undo, busy: mutation.isPending };
}
