// The queue message of the tracking screen (section 4), from the change in the wait: +10 or more
// gives one of 5 "increase" messages, -10 or more one of 5 "decrease" messages, 0 after a
// positive wait "time is now", 0 again the warning; checked in gives the relaxation message.
import { WAIT_CHANGE_MINUTES } from '@jono/contract';

export const MESSAGE_VARIANTS = 5;
/** A zero wait counts as "again" only at a later refresh, not a duplicate of the same update. */
export const ZERO_AGAIN_AFTER_MS = 15_000;

export type TrackingMessage =
  | { kind: 'neutral' }
  | { kind: 'increase'; variant: number }
  | { kind: 'decrease'; variant: number }
  | { kind: 'timeIsNow' }
  | { kind: 'warning' }
  | { kind: 'checkedIn' };

export interface TrackingMessageState {
  lastWait: number | null;
  /** When the wait first read 0 (for "0 again"). */
  zeroSince: number | null;
  message: TrackingMessage;
}

export const initialMessageState: TrackingMessageState = {
  lastWait: null,
  zeroSince: null,
  message: { kind: 'neutral' },
};

export interface WaitUpdate {
  wait: number | null;
  checkedIn: boolean;
  now: number;
}

const variant = (random: () => number) =>
  Math.min(MESSAGE_VARIANTS, Math.floor(random() * MESSAGE_VARIANTS) + 1);

export function nextMessage(
  state: TrackingMessageState,
  update: WaitUpdate,
  random: () => number = Math.random,
): TrackingMessageState {
  const { wait, checkedIn, now } = update;
  if (checkedIn) return { lastWait: wait, zeroSince: null, message: { kind: 'checkedIn' } };
  if (wait === null) return { ...state, message: { kind: 'neutral' } };
  const last = state.lastWait;
  if (wait === 0) {
    if (last === 0 && state.zeroSince !== null) {
      const again =
        now - state.zeroSince >= ZERO_AGAIN_AFTER_MS || state.message.kind === 'warning';
      return {
        lastWait: 0,
        zeroSince: state.zeroSince,
        message: again ? { kind: 'warning' } : state.message,
      };
    }
    return { lastWait: 0, zeroSince: now, message: { kind: 'timeIsNow' } };
  }
  if (last !== null && wait - last >= WAIT_CHANGE_MINUTES) {
    return {
      lastWait: wait,
      zeroSince: null,
      message: { kind: 'increase', variant: variant(random) },
    };
  }
  if (last !== null && last - wait >= WAIT_CHANGE_MINUTES) {
    return {
      lastWait: wait,
      zeroSince: null,
      message: { kind: 'decrease', variant: variant(random) },
    };
  }
  if (last === wait) return state;
  return { lastWait: wait, zeroSince: null, message: { kind: 'neutral' } };
}

/** The i18n key of a message. */
export function messageKey(message: TrackingMessage): string {
  switch (message.kind) {
    case 'increase':
    case 'decrease':
      return `message.${message.kind}${message.variant}`;
    default:
      return `message.${message.kind}`;
  }
}
