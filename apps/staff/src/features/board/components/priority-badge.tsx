// The member level of an order as a coloured badge; one-time customers get none.
import { useTranslation } from 'react-i18next';
import type { Membership } from '../utils/board';

export function PriorityBadge({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  if (membership === 'none') return null;
  return <span className={`badge badge--${membership}`}>{t(`board.level.${membership}`)}</span>;
}
