// Subscribes to a Server-Sent Events stream while mounted and visible; each message's data is JSON.
// Polling stays on as the fallback. A dropped stream is reopened with jittered back-off (the
// browser's own retry has one fixed delay for every client, so a restarted node would meet all
// its clients at once) and with the id of the last message, so an unchanged state is not resent.
// A stream that needs authorisation opens with a fresh 60-second stream ticket each time
// (`resolveUrl`): no token or device code ever goes in its URL.
import { useEffect, useRef } from 'react';
import { reconnectDelayMs, withLastEventId } from '@jono/contract';

export function useEventSource(
  /** The stream's URL, or (with `resolveUrl`) a key naming the stream; null: no stream. */
  url: string | null,
  onData: (data: unknown) => void,
  /** Called when the stream fails or ends (the browser then retries, unless it was refused). */
  onError?: () => void,
  /** Answers the URL to open, with a fresh stream ticket, before each (re)connection. */
  resolveUrl?: () => Promise<string>,
): void {
  const handler = useRef(onData);
  const errorHandler = useRef(onError);
  const resolver = useRef(resolveUrl);
  useEffect(() => {
    handler.current = onData;
    errorHandler.current = onError;
    resolver.current = resolveUrl;
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastId = '';
    /** Bumped on every close: a URL still being resolved for an older open is dropped. */
    let generation = 0;
    let opening = false;
    const reconnectLater = () => {
      retry = setTimeout(open, reconnectDelayMs(attempt));
      attempt += 1;
    };
    const connect = (target: string) => {
      const next = new EventSource(withLastEventId(target, lastId));
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
        // A ticket is good for one minute: every reconnection asks for a new one.
        reconnectLater();
      };
    };
    const open = () => {
      clearTimeout(retry);
      retry = undefined;
      if (source || opening || document.visibilityState === 'hidden') return;
      const resolve = resolver.current;
      if (!resolve) {
        connect(url);
        return;
      }
      const mine = generation;
      opening = true;
      resolve().then(
        (target) => {
          if (mine !== generation) return;
          opening = false;
          connect(target);
        },
        () => {
          if (mine !== generation) return;
          opening = false;
          errorHandler.current?.();
          reconnectLater();
        },
      );
    };
    const close = () => {
      generation += 1;
      opening = false;
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
