// PLACEHOLDER: part 2 replaces this screen.
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen';

export function BonusRoute() {
  return <PlaceholderScreen name="bonus" fallback="/home" />;
}
