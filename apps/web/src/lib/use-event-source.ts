// Subscribes to a Server-Sent Events stream while mounted and visible; each message's data is JSON.
// Polling stays on as the fallback, so a stream that fails is simply closed.
import { useEffect, useRef } from 'react';

export function useEventSource(url: string | null, onData: (data: unknown) => void): void {
  const handler = useRef(onData);
  useEffect(() => {
    handler.current = onData;
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const open = () => {
      if (source || document.visibilityState === 'hidden') return;
      source = new EventSource(url);
      source.onmessage = (event: MessageEvent<string>) => {
        try {
          handler.current(JSON.parse(event.data) as unknown);
        } catch {
          // A malformed message is ignored; the next poll corrects the screen.
        }
      };
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());
    open();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
  }, [url]);
}
