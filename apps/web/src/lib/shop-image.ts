// A shop's picture: its photo, or one of the 12 fallback drawings (public/shop-art, made by
// scripts/generate-shop-art.mjs) chosen by id, so each shop keeps its own.
import { FALLBACK_IMAGE_COUNT } from '@jono/contract';

export function fallbackImageUrl(id: number): string {
  const index = ((id % FALLBACK_IMAGE_COUNT) + FALLBACK_IMAGE_COUNT) % FALLBACK_IMAGE_COUNT;
  return `/shop-art/shop-${String(index + 1).padStart(2, '0')}.svg`;
}

/** The picture a shop's page shows first: its photo, else its fallback drawing. */
export function shopImageUrl(shop: { id: number; image: string | false }): string {
  return shop.image || fallbackImageUrl(shop.id);
}

/**
 * Starts fetching a shop's picture before the page renders (it is the page's largest paint, and
 * its address is known only from the shop's answer): the image element then finds it cached.
 */
export function preloadShopImage(shop: { id: number; image: string | false }): void {
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = shopImageUrl(shop);
}
