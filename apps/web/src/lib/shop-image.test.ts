import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackImageUrl, preloadShopImage, shopImageUrl } from './shop-image';

afterEach(() => vi.unstubAllGlobals());

describe("a shop's picture", () => {
  it('is its photo, or its own fallback drawing when it has none', () => {
    expect(shopImageUrl({ id: 3, image: '/media/shops/shop-3.jpg' })).toBe(
      '/media/shops/shop-3.jpg',
    );
    expect(shopImageUrl({ id: 3, image: false })).toBe(fallbackImageUrl(3));
    expect(fallbackImageUrl(3)).not.toBe(fallbackImageUrl(4));
  });

  it('is asked for at high priority before the page renders', () => {
    const made: { src: string; fetchPriority: string }[] = [];
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        fetchPriority = 'auto';
        constructor() {
          made.push(this);
        }
      },
    );
    preloadShopImage({ id: 1, image: '/media/shops/shop-1.svg' });
    expect(made).toEqual([{ src: '/media/shops/shop-1.svg', fetchPriority: 'high' }]);
  });
});
