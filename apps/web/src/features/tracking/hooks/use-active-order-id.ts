// The customer's active order: the profile's active_order_id, else the order stored on sending.
import { useProfile } from '../../auth/api/get-profile';
import { useActiveOrderStore } from '../../../lib/active-order-store';
import { useIsLoggedIn } from '../../../lib/session-store';

export function useActiveOrderId(): number | null {
  const loggedIn = useIsLoggedIn();
  const profile = useProfile();
  const stored = useActiveOrderStore((s) => s.order?.orderId ?? null);
  if (!loggedIn) return null;
  if (profile.data) return profile.data.active_order_id ?? null;
  return stored;
}
