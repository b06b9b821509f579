// The floating button back to the queue, shown while an order is active.
import { Link } from '../components/ui/link';
import { useTranslation } from '../lib/use-translation';
import { paths } from '../lib/paths';
import type { NavigationGroup } from './navigation';

export function TrackingButton({ group }: { group: NavigationGroup }) {
  const { t } = useTranslation();
  return (
    <Link className="tracking-button" to={paths.tracking.href()}>
      <span className="tracking-button__pulse" aria-hidden="true" />
      {group === 'checkIn' ? t('trackingButton.checkedIn') : t('trackingButton.queue')}
    </Link>
  );
}
