// Subscribes to a Server-Sent Events stream while mounted and visible; each message's data is JSON.
// Polling stays on as the fallback. A dropped stream is reopened with jittered back-off (the
// browser's own retry has one fixed delay for every client, so a restarted node would meet all
// its clients at once) and with the id of the last message, so an unchanged state is not resent.
import { useEffect, useRef } from 'react';
import { reconnectDelayMs, withLastEventId } from '@jono/contract';

export function useEventSource(
  url: string | null,
  onData: (data: unknown) => void,
  /** Called when the stream fails or ends (the browser then retries, unless it was refused). */
  onError?: () => void,
): void {
  const handler = useRef(onData);
  const errorHandler = useRef(onError);
  useEffect(() => {
    handler.current = onData;
    errorHandler.current = onError;
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastId = '';
    const open = () => {
      clearTimeout(retry);
      retry = undefined;
      if (source || document.visibilityState === 'hidden') return;
      const next = new EventSource(withLastEventId(url, lastId));
      source = next;
      next.onopen = () => {
        attempt = 0;
      };
      next.onmessage = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastId = event.lastEventId;
        try {
          handler.current(JSON.parse(event.data) as unknown);
        } catch {
          // A malformed message is ignored; the next poll corrects the screen.
        }
      };
      next.onerror = () => {
        errorHandler.current?.();
        next.close();
        if (source !== next) return;
        source = null;
        retry = setTimeout(open, reconnectDelayMs(attempt));
        attempt += 1;
      };
    };
    const close = () => {
      clearTimeout(retry);
      retry = undefined;
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
