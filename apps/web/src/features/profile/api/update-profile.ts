// PATCH /customers/{id}/: changes profile fields; the answer becomes the cached profile.
import { marketOfLocale, profileSchema, type ProfilePatch } from '@jono/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';

export const updateProfile = (customerId: number, patch: ProfilePatch) =>
  apiRequest(`/customers/${customerId}/`, { method: 'PATCH', body: patch, schema: profileSchema });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const market = marketOfLocale(useLocale());
  return useMutation({
    mutationFn: async (patch: ProfilePatch) => {
      const customerId = useSessionStore.getState().session?.customerId;
      if (customerId === undefined) throw new Error('Not logged in');
      return updateProfile(customerId, patch);
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile(market, profile.id), profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile(market, profile.id) });
    },
  });
}
