// A barber's photo, or the initial of their first name on a tinted disc when there is none (or
// the photo fails to load). Decorative: the name is always written beside it.
import { useState } from 'react';
import { initialOf } from '../../lib/barbers';

export function BarberAvatar({
  name,
  photo,
  size = 'medium',
}: {
  name: string;
  photo: string | null;
  size?: 'medium' | 'large';
}) {
  const [failed, setFailed] = useState(false);
  const className = `barber-avatar barber-avatar--${size}`;
  if (photo && !failed) {
    return (
      <img
        className={className}
        src={photo}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`${className} barber-avatar--initial`} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
