// An Embla carousel with the selected slide tracked, for the welcome and tutorial screens.
import { useCallback, useState } from 'react';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';

export function useCarousel() {
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  // The viewport's ref is a callback that changes no state while React attaches it (a state
  // setter as the ref is an update inside the commit, which React renders again at once,
  // synchronously: the whole welcome screen a second time in a first visit's commit task), and
  // it starts Embla on whichever element React attaches, every time it attaches one.
  //
  // Embla measures every slide (a layout of the page) when it starts: it starts when the browser
  // is next idle, not inside the first render's commit, which a first visit waits for. Until then
  // the first slide shows as the stylesheet lays it out; swipes and dots work from then on. It
  // is listened to from the moment it exists, before the screen learns of it: a dot pressed
  // after the render that hands the dots the carousel but before React's effects have run (a
  // later task: a press can come between them) moves the carousel, and its 'select' must not go
  // unheard, or the dots would show the first slide for good while the carousel shows another
  // (the e2e test's dot pressed as soon as the carousel started did that).
  const ref = useCallback((viewport: HTMLDivElement | null) => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | null = null;
    const start = () => {
      const started = EmblaCarousel(viewport, { loop: false });
      const onSelect = () => setSelected(started.selectedScrollSnap());
      started.on('select', onSelect);
      started.on('reInit', onSelect);
      carousel = started;
      onSelect();
      setApi(started);
    };
    let cancel: () => void;
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(start, { timeout: 500 });
      cancel = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(start, 0);
      cancel = () => clearTimeout(timer);
    }
    // React calls this when it detaches the element (the screen leaves, or the element changes).
    return () => {
      cancel();
      carousel?.destroy();
    };
  }, []);
  const goTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  /** The next slide, wrapping from the last to the first. */
  const advance = useCallback(
    (count: number) => api?.scrollTo((api.selectedScrollSnap() + 1) % count),
    [api],
  );
  return { ref, selected, goTo, advance };
}
