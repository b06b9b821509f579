// The API's error answer and the server texts of section 8 that clients map.
import { z } from 'zod';

export const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** Server texts kept verbatim (section 8); the apps map them to translated notices. */
export const SERVER_TEXT = {
  timeSlot: 'Could not allocate time slot for order',
  invalidPhone: 'Invalid phone number',
  passwordWeak: 'Password too weak',
  missingPassword: 'Missing password parameter',
  missingToken: 'Missing token parameter',
  missingPhone: 'Missing phone parameter',
  userNotFound: 'User not found',
  sessionClosed: 'Log in again. The session has been closed',
  statusError: 'Could not confirm your account status',
  activeOrderExists: 'You already have an active order. Leave that queue before joining another.',
  notTakingOrders: 'This shop is not taking orders right now',
} as const;

/** Stable error codes of the API. */
export const ERROR_CODES = [
  'bad_request',
  'validation',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'active_order_exists',
  'time_slot',
  'not_taking_orders',
  'invalid_credentials',
  'invalid_token',
  'too_many_attempts',
  'rate_limited',
  'payload_too_large',
  'internal',
  /** The node is at its ceiling of live streams (503): the rest of the API keeps answering. */
  'unavailable',
  /** The market's hourly budget of code SMS to unproven numbers is spent (503): the cost ceiling. */
  'sms_budget',
  /** Display or kiosk: the device code is unknown or revoked. */
  'device_code',
  /** Self-defer asked more than SELF_DEFER_MAX times; rejoin after its window or twice a day. */
  'limit_reached',
  /** A held spot cannot be marked a no-show before its grace ends. */
  'held',
  /**
   * Refusals of the queue's state model (packages/queue state-model.ts): the action is not
   * possible in the order's or chair's state as it is now.
   */
  'not_waiting',
  'not_in_chair',
  'no_longer_active',
  'chair_off_duty',
  'chair_busy',
  'no_free_chair',
  'no_one_behind',
  'chair_taken',
  'nothing_to_undo',
  'already_here',
  /** Arrival by position: the fix is too far from the shop or too inaccurate (issue 31). */
  'not_at_shop',
  /** A walk-in's phone is no member's: staff confirm a one-time walk-in (sent without phone). */
  'no_member',
  /** Barbers (issue 30): not a barber of this shop (or no such barber). */
  'barber_unknown',
  /** The barber was removed from the shop. */
  'barber_removed',
  /** The barber is off duty and has no shift left today. */
  'barber_off_today',
  /** The order's barber was changed BARBER_CHANGES_MAX times already. */
  'barber_changes_spent',
  /** The customer waits for another barber: only that barber starts them (or staff change it). */
  'barber_tied',
  /** Another barber is signed in at that chair. */
  'chair_has_barber',
  /** The barber is already on duty (sign in) or off duty (sign out). */
  'barber_on_duty',
  'barber_off_duty',
  /** PATCH /staff/shop/ chairs: more chairs than the shop has barbers (its chairs are its barbers). */
  'chairs_follow_barbers',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
