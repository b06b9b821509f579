// The customer's place in line as a picture: the customers ahead as a row of people (members
// marked, as they are served ahead by priority), then the customer, highlighted. Screen readers
// get the same in words; the picture itself is hidden from them.
import { useTranslation } from '../../../lib/use-translation';

/** More than this many ahead are drawn as this many and "+N". */
const MAX_DRAWN = 7;

export function PlaceLine({ ahead, members }: { ahead: number; members: number }) {
  const { t } = useTranslation('tracking');
  const drawn = Math.min(ahead, MAX_DRAWN);
  const more = ahead - drawn;
  // Members are served first, so they stand at the front of the drawn line.
  const drawnMembers = Math.min(members, drawn);
  const words =
    ahead === 0
      ? t('place.next')
      : members > 0
        ? `${t('place.ahead', { count: ahead })} ${t('place.members', { count: members })}`
        : t('place.ahead', { count: ahead });
  return (
    <div className="place-line">
      <ol className="place-line__people" aria-hidden="true">
        {more > 0 ? <li className="place-line__more">{`+${more}`}</li> : null}
        {Array.from({ length: drawn }, (_, i) => (
          <li
            key={i}
            className={`place-line__person${i < drawnMembers ? ' place-line__person--member' : ''}`}
          >
            {i < drawnMembers ? '★' : ''}
          </li>
        ))}
        <li className="place-line__person place-line__person--you">{t('place.you')}</li>
      </ol>
      <p className="tracking__place">{words}</p>
    </div>
  );
}
