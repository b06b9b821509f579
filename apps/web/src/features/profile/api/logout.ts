// POST /logout/ revokes the session on the server; the device forgets it whatever the answer.
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useLogout } from '../../auth/hooks/use-logout';

export function useServerLogout() {
  const logout = useLogout();
  return useCallback(async () => {
    try {
      await apiRequest('/logout/', { method: 'POST' });
    } catch {
      // Already expired or offline: forgetting the session locally is what matters.
    }
    logout();
  }, [logout]);
}
