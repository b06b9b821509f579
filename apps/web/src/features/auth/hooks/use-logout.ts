// Logging out: the session, the profile and the order data go; the shop list stays cached.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useSessionStore } from '../../../lib/session-store';

export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    useSessionStore.getState().clearSession();
    useActiveOrderStore.getState().clearOrder();
    queryClient.removeQueries({ queryKey: ['profile'] });
    queryClient.removeQueries({ queryKey: ['orders'] });
  }, [queryClient]);
}
