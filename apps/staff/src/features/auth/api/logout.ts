// POST /logout/: the server revokes the staff token (its account's token version), so a copied
// token stops working at once; the session here ends whatever the answer.
import { apiRequest } from '../../../lib/api-client';
import { signOut } from '../../../lib/session';

export async function logout(): Promise<void> {
  try {
    await apiRequest('/logout/', { method: 'POST' });
  } catch {
    // Offline or already refused: the token is gone from this device either way.
  } finally {
    signOut();
  }
}
