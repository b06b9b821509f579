// After a page change, keyboard and screen-reader focus moves to the new page's heading (its
// h1), as a screen reader user expects, instead of staying on the page body. The heading may
// appear only once the page's data has loaded: it is looked for a few times, and the focus is
// left alone if the user has meanwhile put it somewhere in the page themselves.
import { useEffect, useRef } from 'react';

const LOOK_EVERY_MS = 100;
const LOOK_FOR_MS = 3_000;

export function useFocusHeading(pathname: string, root = '.page'): void {
  const first = useRef(true);
  useEffect(() => {
    // The first page: the browser's own focus start is right.
    if (first.current) {
      first.current = false;
      return;
    }
    const started = Date.now();
    const look = () => {
      const active = document.activeElement;
      const userMoved =
        active !== null && active !== document.body && active.closest(root) !== null;
      if (userMoved) return true;
      const heading = document.querySelector<HTMLElement>(`${root} h1`);
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    // First in the next frame, whose layout focusing then shares: called here, focus() would lay
    // the new page out at once, inside the task that committed it (the longest task of a first
    // visit that is redirected, such as a guest's /tracking on its way to /welcome).
    let timer: ReturnType<typeof setInterval> | undefined;
    const frame = requestAnimationFrame(() => {
      if (look()) return;
      timer = setInterval(() => {
        if (look() || Date.now() - started > LOOK_FOR_MS) clearInterval(timer);
      }, LOOK_EVERY_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
    };
  }, [pathname, root]);
}
