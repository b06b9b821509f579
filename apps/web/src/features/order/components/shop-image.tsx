// The shop's photo, or its fallback drawing (lib/shop-image.ts) when it has none or the photo
// fails. Height follows the window (under 768: 230, under 900: 250, else 325).
import { useState } from 'react';
import { fallbackImageUrl, shopImageUrl } from '../../../lib/shop-image';

export function imageHeight(windowHeight: number): number {
  if (windowHeight < 768) return 230;
  if (windowHeight < 900) return 250;
  return 325;
}

export function ShopImage({
  id,
  image,
  name,
}: {
  id: number;
  image: string | false;
  name: string;
}) {
  const [failed, setFailed] = useState(false);
  const height = imageHeight(typeof window === 'undefined' ? 800 : window.innerHeight);
  return (
    <div className="shop-image" style={{ height }} role="img" aria-label={name}>
      <img
        src={failed ? fallbackImageUrl(id) : shopImageUrl({ id, image })}
        alt=""
        fetchPriority="high"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
