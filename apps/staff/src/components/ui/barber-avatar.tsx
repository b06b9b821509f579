// A barber's photo, or their initial in a circle when there is none (or it does not load).
import { useState } from 'react';

export function BarberAvatar({ name, photo }: { name: string; photo: string | null }) {
  const [failed, setFailed] = useState(false);
  if (photo && !failed) {
    // Decorative: the name is always written beside it.
    return <img className="barber-photo" src={photo} alt="" onError={() => setFailed(true)} />;
  }
  return (
    <span className="barber-initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
