// GET, POST /staff/accounts/ and PATCH /staff/accounts/{id}/ (manager): who can sign in here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffAccountListSchema,
  type staffAccountCreateSchema,
  type staffAccountPatchSchema,
} from '@jono/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export type AccountCreate = z.input<typeof staffAccountCreateSchema>;
export type AccountPatch = z.input<typeof staffAccountPatchSchema>;

export function useAccounts() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.accounts(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('/staff/accounts/', { schema: staffAccountListSchema, signal }),
    enabled: session !== null,
  });
}

function useInvalidateAccounts() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () => {
    if (!session) return;
    void queryClient.invalidateQueries({
      queryKey: queryKeys.accounts(session.market, session.staff.pob_id),
    });
  };
}

export function useCreateAccount() {
  const onSuccess = useInvalidateAccounts();
  return useMutation({
    mutationFn: (payload: AccountCreate) =>
      apiRequest('/staff/accounts/', { method: 'POST', body: payload }),
    onSuccess,
  });
}

export function useUpdateAccount() {
  const onSuccess = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AccountPatch }) =>
      apiRequest(`/staff/accounts/${id}/`, { method: 'PATCH', body: patch }),
    onSuccess,
  });
}

export function useRemoveAccount() {
  const onSuccess = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/staff/accounts/${id}/`, { method: 'DELETE' }),
    onSuccess,
  });
}
