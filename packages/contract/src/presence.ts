// Keeping a customer's place: in-shop display and door kiosk (device codes), self-defer, rejoin,
// travel time and the leave-now alert, protected spots, and why a wait changed.
import { z } from 'zod';
import { PHONE_CODE_LENGTH, PHONE_MIN_LENGTH } from './constants';
import { inputId, inputText, int32 } from './input';
import { queueStateSchema } from './shop';
import { barberChoiceSchema, publicBarberSchema } from './barbers';

const id = inputId;
const text = (max: number) => inputText().trim().min(1).max(max);

/** Self-defer: the minutes a customer may ask for, and how often per order. */
export const SELF_DEFER_MINUTES = [15, 30] as const;
export const SELF_DEFER_MAX = 2;
/** Rejoin: within this long of the no-show or leaving, once per customer and day. */
export const REJOIN_WINDOW_MS = 10 * 60 * 1000;
/** Protected spot: minutes a late customer keeps first place, unless the shop sets otherwise. */
export const DEFAULT_HOLD_GRACE_MINUTES = 10;
/**
 * Travel: the longest trip Jono plans for, said ("N minutes away") or from a shared position: a
 * shop's service area. A position farther than this is refused (issue 27: 180 minutes held a
 * spot for 190, and the staff could not mark a no-show meanwhile).
 */
export const TRAVEL_MAX_MINUTES = 90;
/** Wait changes of at least this many minutes are explained on the tracking screen. */
export const WAIT_REASON_MINUTES = 10;

// ---- Devices: display screens and kiosks -------------------------------------------------------

export const deviceKindSchema = z.enum(['display', 'kiosk']);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** POST /staff/devices/ (manager). */
export const deviceCreateSchema = z.object({ kind: deviceKindSchema, label: text(60) }).strict();

export const deviceSchema = z.object({
  id: z.number().int(),
  kind: deviceKindSchema,
  label: z.string(),
  created_at: z.string(),
  /** ISO time the code was revoked; null while it works. */
  revoked_at: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** The code is answered once, when the device is created; only its hash is kept. */
export const deviceCreatedSchema = deviceSchema.extend({ code: z.string() });
export type DeviceCreated = z.infer<typeof deviceCreatedSchema>;

/** What the shop's display shows of who is next. */
export const displayNamesSchema = z.enum(['first_name', 'number']);
export type DisplayNames = z.infer<typeof displayNamesSchema>;

/** PATCH /staff/shop/presence/ (manager): display names and the grace of protected spots. */
export const presenceSettingsSchema = z
  .object({
    display_names: displayNamesSchema.optional(),
    hold_grace_minutes: int32().min(0).max(60).optional(),
  })
  .strict();
export const presenceSettingsAnswerSchema = z.object({
  display_names: displayNamesSchema,
  hold_grace_minutes: z.number().int(),
});

/** GET /staff/devices/ (manager): the codes (without the codes themselves) and the settings. */
export const deviceListSchema = presenceSettingsAnswerSchema.extend({
  items: z.array(deviceSchema),
});

/** Where a waiting customer is, in the staff board's words (StaffPresence's state). */
export const boardPresenceSchema = z.enum(['here', 'not_here', 'on_the_way', 'held', 'deferred']);

/** GET /display/{pobId}/ and every message of its event stream (device code as Bearer). */
export const displayBoardSchema = z.object({
  pob: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    open: z.boolean(),
    /** Open, but too near closing to join: not the same as closed. */
    closing_soon: z.boolean(),
    queue_state: queueStateSchema,
    /** Minutes a new one-time customer would wait; null without a barber on duty. */
    wait_time: z.number().int().nullable(),
    display_names: displayNamesSchema,
    /** The shop's notice in its own language; null when none. */
    notice: z.string().nullable(),
  }),
  /**
   * The next customers in serving order. Every one shows their ticket (the number the app, the
   * kiosk and the SMS give); with `display_names` first_name also their first name. `label` is
   * the name where shown, else the ticket.
   */
  next: z.array(
    z.object({
      position: z.number().int(),
      label: z.string(),
      ticket: z.number().int().nullable(),
      /** The first name, when the shop shows names; null otherwise. */
      name: z.string().nullable(),
      here: z.boolean(),
      /** Where they are, in the staff board's words (here, on the way, held, deferred, not here). */
      presence: boardPresenceSchema,
      /**
       * With `held`, the time the spot is held until; with `deferred`, the time the customer
       * deferred to (ISO); null otherwise. The screen shows "held until HH:MM" as the board does.
       */
      presence_until: z.string().nullable().optional(),
    }),
  ),
  /** Customers being served, by chair. */
  serving: z.array(
    z.object({
      chair: z.number().int(),
      label: z.string(),
      ticket: z.number().int().nullable(),
      name: z.string().nullable(),
      /** The barber serving (named barbers, issue 30); absent otherwise. */
      barber_name: z.string().nullable().optional(),
    }),
  ),
  /**
   * The shop's named barbers who work today, on duty first, with their own waits (as on the shop
   * page, in the market's language); [] without named barbers (absent from older servers).
   */
  barbers: z.array(publicBarberSchema).optional(),
  waiting: z.number().int(),
  at: z.string(),
});
export type DisplayBoard = z.infer<typeof displayBoardSchema>;

/** POST /kiosk/{pobId}/orders/ (device code as Bearer): a walk-in joins without staff. */
export const kioskJoinSchema = z
  .object({
    items: z
      .array(
        z.object({ service_id: id, extra_service_ids: z.array(id).max(20).default([]) }).strict(),
      )
      .min(1)
      .max(10),
    name: text(40),
    /** For one SMS when the turn is near; as typed, normalised with the market's dial code. */
    phone: inputText().trim().min(PHONE_MIN_LENGTH).max(32).optional(),
    /** The barber the walk-in chose; null or absent: the first available. */
    barber_id: barberChoiceSchema.optional(),
  })
  .strict();
export type KioskJoinPayload = z.infer<typeof kioskJoinSchema>;

export const kioskJoinAnswerSchema = z.object({
  id: z.number().int(),
  ticket: z.number().int(),
  wait_time: z.number().int().nullable(),
  position: z.number().int(),
  /**
   * A code went to the phone given (issue 27): the walk-in types it at the kiosk
   * (POST /kiosk/{pobId}/orders/{id}/confirm/); until then the number gets no other SMS and the
   * walk-in counts as absent. False: no phone, or the code could not be sent (limits).
   */
  code_sent: z.boolean(),
});
export type KioskJoinAnswer = z.infer<typeof kioskJoinAnswerSchema>;

/** POST /kiosk/{pobId}/orders/{id}/confirm/: the code texted to the walk-in's phone. */
export const kioskConfirmSchema = z
  .object({
    code: inputText('register.codeError')
      .trim()
      .max(PHONE_CODE_LENGTH, { message: 'register.codeError', abort: true })
      .regex(/^\d+$/, 'register.codeError')
      .length(PHONE_CODE_LENGTH, 'register.codeError'),
  })
  .strict();
export type KioskConfirmPayload = z.infer<typeof kioskConfirmSchema>;

// ---- Customer: self-defer, rejoin, travel ------------------------------------------------------

export const selfDeferMinutesSchema = z.union([z.literal(15), z.literal(30)]);

/** POST /customers/{id}/orders/{orderId}/defer/: `preview` answers the new wait without moving. */
export const selfDeferSchema = z
  .object({ minutes: selfDeferMinutesSchema, preview: z.boolean().default(false) })
  .strict();
export const selfDeferAnswerSchema = z.object({
  /** Minutes to a chair after the defer; null without a barber on duty. */
  wait_time: z.number().int().nullable(),
  deferred_until: z.string(),
  defers_left: z.number().int(),
  applied: z.boolean(),
});
export type SelfDeferAnswer = z.infer<typeof selfDeferAnswerSchema>;

export const TRAVEL_MODES = ['walk', 'bike', 'car', 'transit'] as const;
export const travelModeSchema = z.enum(TRAVEL_MODES);
export type TravelMode = z.infer<typeof travelModeSchema>;

/**
 * POST /customers/{id}/orders/{orderId}/travel/: a position shared once (with how the customer
 * travels) or "I am N minutes away". The position is used once and not stored.
 */
export const travelSchema = z.union([
  z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      mode: travelModeSchema,
    })
    .strict(),
  z.object({ minutes: int32().min(1).max(TRAVEL_MAX_MINUTES) }).strict(),
]);
export type TravelPayload = z.infer<typeof travelSchema>;

// ---- Arrival seen by the app (issue 31) ---------------------------------------------------------

/**
 * The app's own arrival detection: a customer who already let the app use their position, with an
 * active order and not yet checked in, counts as at the shop once a fix puts them within
 * ARRIVAL_RADIUS_M of it and the fix is accurate to ARRIVAL_MAX_ACCURACY_M or better (a fix's
 * accuracy is the radius of its 68 % circle: a 50 m fix 100 m away leaves them at most about
 * 150 m from the door, a street corner, never another district). After "not yet" the app asks
 * again only once a fix has taken them beyond ARRIVAL_EXIT_RADIUS_M (hysteresis: standing at the
 * edge does not flip them in and out).
 */
export const ARRIVAL_RADIUS_M = 100;
export const ARRIVAL_MAX_ACCURACY_M = 50;
export const ARRIVAL_EXIT_RADIUS_M = 150;

/** Whether one fix puts the customer at the shop (distance and accuracy in metres). */
export function fixAtShop(distanceM: number, accuracyM: number): boolean {
  return (
    Number.isFinite(distanceM) &&
    Number.isFinite(accuracyM) &&
    accuracyM >= 0 &&
    accuracyM <= ARRIVAL_MAX_ACCURACY_M &&
    distanceM <= ARRIVAL_RADIUS_M
  );
}

/**
 * POST /customers/{id}/orders/{orderId}/arrival/: the fix that put the customer at the shop. The
 * server checks it against the shop's own position and records presence (source `position`); the
 * position is used for that check only, never stored or logged.
 */
export const arrivalSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** The fix's accuracy in metres (GeolocationCoordinates.accuracy). */
    accuracy: z.number().min(0).max(100_000),
  })
  .strict();
export type ArrivalPayload = z.infer<typeof arrivalSchema>;

/** Why a wait changed, from the engine's own record (translated by the app). */
export const WAIT_REASONS = [
  'members_ahead',
  'service_long',
  'chair_idle',
  'barber_off',
  'barber_on',
  'queue_faster',
] as const;
export const waitReasonSchema = z.enum(WAIT_REASONS);
export type WaitReason = z.infer<typeof waitReasonSchema>;

/** What the customer sees of their place beyond the wait (part of the Order answer). */
export const orderPresenceSchema = z.object({
  /** here, on the way (set off), held (protected spot), deferred (asked for more time), waiting. */
  state: z.enum(['waiting', 'here', 'on_the_way', 'held', 'deferred']),
  travel_minutes: z.number().int().nullable(),
  /**
   * With a travel time shared and no alert sent yet: when to set off (ISO), from the early end of
   * the wait's range, so that one who leaves then is rarely late; null otherwise.
   */
  leave_at: z.string().nullable(),
  /** When the customer was told to leave; null before. */
  leave_alert_at: z.string().nullable(),
  held_until: z.string().nullable(),
  deferred_until: z.string().nullable(),
  defers_left: z.number().int(),
  rejoined: z.boolean(),
  /** For a no-show or cancelled order: until when it can be rejoined; null when it cannot. */
  rejoin_until: z.string().nullable(),
  /**
   * The last time the customer's turn moved by WAIT_REASON_MINUTES or more (time passing alone
   * moves nothing): by how many minutes (positive: later), why, and when.
   */
  wait_change: z
    .object({ minutes: z.number().int(), reason: waitReasonSchema, at: z.string() })
    .nullable(),
});
export type OrderPresence = z.infer<typeof orderPresenceSchema>;

/** What staff see of a waiting customer's presence. */
export const staffPresenceSchema = z.object({
  state: boardPresenceSchema,
  /** On the way: minutes until expected at the shop. */
  eta_minutes: z.number().int().nullable(),
  held_until: z.string().nullable(),
  deferred_until: z.string().nullable(),
  rejoined: z.boolean(),
});
export type StaffPresence = z.infer<typeof staffPresenceSchema>;
