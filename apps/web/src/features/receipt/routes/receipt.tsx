// PLACEHOLDER: part 2 replaces this screen.
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen';

export function ReceiptRoute() {
  return <PlaceholderScreen name="receipt" fallback="/tracking" />;
}
