// PLACEHOLDER: part 2 replaces this screen.
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen';

export function RecoveryRoute() {
  return <PlaceholderScreen name="recovery" fallback="/" />;
}
