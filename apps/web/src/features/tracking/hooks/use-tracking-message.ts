// Feeds every order update (each new fetch or live event) into the message state machine.
import { useState } from 'react';
import {
  initialMessageState,
  nextMessage,
  type TrackingMessageState,
} from '../utils/tracking-message';

export function useTrackingMessage(
  wait: number | null,
  checkedIn: boolean,
  updatedAt: number,
): TrackingMessageState['message'] {
  const [state, setState] = useState({ ...initialMessageState, seenAt: 0 });
  if (updatedAt && updatedAt !== state.seenAt) {
    // Adjusting state while rendering: React re-renders at once without painting the stale message.
    setState({ ...nextMessage(state, { wait, checkedIn, now: updatedAt }), seenAt: updatedAt });
  }
  return state.message;
}
