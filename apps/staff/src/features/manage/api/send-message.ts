// POST /staff/messages/ (manager): a message to one customer or to every customer of the market.
import { useMutation } from '@tanstack/react-query';
import { staffMessageAnswerSchema, type staffMessageSchema } from '@jono/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type MessagePayload = z.input<typeof staffMessageSchema>;

export function useSendMessage() {
  return useMutation({
    mutationFn: (payload: MessagePayload) =>
      apiRequest('/staff/messages/', {
        method: 'POST',
        body: payload,
        schema: staffMessageAnswerSchema,
      }),
  });
}
