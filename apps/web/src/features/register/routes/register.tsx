// PLACEHOLDER: part 2 replaces this screen.
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen';

export function RegisterRoute() {
  return <PlaceholderScreen name="register" fallback="/" />;
}
