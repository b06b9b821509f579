// After a change made on another screen (Manage: the rota, the barbers, the shop's hours): a read
// on screen refetches in place, and a read not on screen is dropped, so the screen opened next
// (the board) waits for the fresh answer instead of first showing what the change made untrue
// (react-query would otherwise show the cached read while it refetches).
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function refreshAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  queryClient.removeQueries({ queryKey, type: 'inactive' });
  return queryClient.invalidateQueries({ queryKey });
}
