// POST /staff/notices/: a word to everyone waiting in the shop (app, and SMS where allowed).
import { useMutation } from '@tanstack/react-query';
import { shopNoticeAnswerSchema, type ShopNoticeInput } from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';

export function useSendNotice() {
  return useMutation({
    mutationFn: (input: ShopNoticeInput) =>
      apiRequest('/staff/notices/', {
        method: 'POST',
        body: input,
        schema: shopNoticeAnswerSchema,
      }),
  });
}
