// GET /staff/events: every queue change of the shop, each message a whole board; written into
// the query cache so the board updates without a request (pushLive: a request's answer that crossed
// a message on the way never writes an older board over it). Reconnects with jittered back-off and
// the id of the last message (Last-Event-ID), so an unchanged board is not sent again.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reconnectDelayMs, staffQueueSchema } from '@jono/contract';
import { pushLive } from '@jono/ui';
import { apiUrl } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { readSse } from '../../../lib/sse';
import { useSession } from '../../../lib/session';

export type LiveState = 'connecting' | 'live' | 'offline';

export function useQueueEvents(): LiveState {
  const session = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!session || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') {
      return;
    }
    const controller = new AbortController();
    const key = queryKeys.queue(session.market, session.staff.pob_id);
    let attempt = 0;
    let lastEventId = '';
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      readSse(
        apiUrl(session.market, '/staff/events'),
        session.token,
        controller.signal,
        (data) => {
          try {
            const parsed = staffQueueSchema.safeParse(JSON.parse(data));
            if (parsed.success) pushLive(queryClient, key, () => parsed.data);
          } catch {
            // A malformed message is skipped; the next one or the poll corrects the board.
          }
        },
        () => {
          attempt = 0;
          setState('live');
        },
        {
          lastEventId,
          onId: (id) => {
            lastEventId = id;
          },
        },
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          setState('offline');
          timer = setTimeout(connect, reconnectDelayMs(attempt));
          attempt += 1;
          void queryClient.invalidateQueries({ queryKey: key });
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [session, queryClient]);

  return state;
}
