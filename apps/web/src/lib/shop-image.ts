// A shop's picture: its photo, or one of the 12 fallback drawings (public/shop-art, made by
// scripts/generate-shop-art.mjs) chosen by id, so each shop keeps its own.
import { FALLBACK_IMAGE_COUNT } from '@jono/contract';

export function fallbackImageUrl(id: number): string {
  const index = ((id % FALLBACK_IMAGE_COUNT) + FALLBACK_IMAGE_COUNT) % FALLBACK_IMAGE_COUNT;
  return `/shop-art/shop-${String(index + 1).padStart(2, '0')}.svg`;
}
