// The shop's photo, or one of 12 bundled drawings chosen by id modulo 12. Height follows the
// window (under 768: 230, under 900: 250, else 325).
import { useState } from 'react';
import { FALLBACK_IMAGE_COUNT } from '@jono/contract';

export function imageHeight(windowHeight: number): number {
  if (windowHeight < 768) return 230;
  if (windowHeight < 900) return 250;
  return 325;
}

const fallbackIndex = (id: number) =>
  ((id % FALLBACK_IMAGE_COUNT) + FALLBACK_IMAGE_COUNT) % FALLBACK_IMAGE_COUNT;

/** Our own drawing: a barber pole and scissors on a gradient, 12 colour and layout variants. */
function FallbackArt({ index }: { index: number }) {
  const hue = (index * 30 + 200) % 360;
  const flip = index % 2 === 1;
  const stripes = 4 + (index % 3);
  return (
    <svg
      viewBox="0 0 390 230"
      preserveAspectRatio="xMidYMid slice"
      className="shop-image__art"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id={`bg-${index}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 45% 22%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 55% 12%)`} />
        </linearGradient>
        <clipPath id={`pole-${index}`}>
          <rect x={flip ? 290 : 60} y="30" width="40" height="170" rx="20" />
        </clipPath>
      </defs>
      <rect width="390" height="230" fill={`url(#bg-${index})`} />
      <g clipPath={`url(#pole-${index})`}>
        <rect x={flip ? 290 : 60} y="30" width="40" height="170" fill="#f5f1e8" />
        {Array.from({ length: stripes * 2 }, (_, i) => (
          <rect
            key={i}
            x={(flip ? 270 : 40) + 0}
            y={30 + i * (340 / (stripes * 2)) - 60}
            width="80"
            height="14"
            fill={i % 2 ? '#c0392b' : '#1f4e9c'}
            transform={`rotate(-30 ${flip ? 310 : 80} ${115})`}
          />
        ))}
      </g>
      <g
        transform={`translate(${flip ? 110 : 200} ${70 + (index % 4) * 8}) rotate(${index * 15 - 45} 50 45)`}
        fill="none"
        stroke={`hsl(${hue} 30% 85%)`}
        strokeWidth="6"
      >
        <circle cx="20" cy="80" r="16" />
        <circle cx="80" cy="80" r="16" />
        <path d="M32 68 L78 0 M68 68 L22 0" strokeLinecap="round" />
      </g>
    </svg>
  );
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
      {image && !failed ? (
        <img src={image} alt="" onError={() => setFailed(true)} />
      ) : (
        <FallbackArt index={fallbackIndex(id)} />
      )}
    </div>
  );
}
