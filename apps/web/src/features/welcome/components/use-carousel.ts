// An Embla carousel with the selected slide tracked, for the welcome and tutorial screens.
import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';

export function useCarousel() {
  const [ref, api] = useEmblaCarousel({ loop: false });
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
