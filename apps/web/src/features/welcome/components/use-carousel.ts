// An Embla carousel with the selected slide tracked, for the welcome and tutorial screens.
import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';

export function useCarousel() {
  const [emblaRef, api] = useEmblaCarousel({ loop: false });
  const [viewport, ref] = useState<HTMLElement | null>(null);
  // Embla measures every slide (a layout of the page) when it starts: it starts when the browser
  // is next idle, not inside the first render's commit, which a first visit waits for. Until
  // then the first slide shows as the stylesheet lays it out; swipes and dots work from then on.
  useEffect(() => {
    if (!viewport) return;
    const start = () => emblaRef(viewport);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(start, { timeout: 500 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }, [viewport, emblaRef]);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    api.on('reInit', onSelect);
    return () => {
      api.off('select', onSelect);
      api.off('reInit', onSelect);
    };
  }, [api]);
  const goTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  /** The next slide, wrapping from the last to the first. */
  const advance = useCallback(
    (count: number) => api?.scrollTo((api.selectedScrollSnap() + 1) % count),
    [api],
  );
  return { ref, selected, goTo, advance };
}
