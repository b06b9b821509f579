// The staff side of barbers as people (issue 30): the manager's list of barbers, the rota (a
// weekly template and each day's own shifts), a barber signing on duty at a chair and off, and
// changing a waiting customer's barber at the counter with their consent.
import { z } from 'zod';
import { LANGUAGES } from './markets';
import { calendarDate, inputId, inputText } from './input';
import { barberChoiceSchema } from './barbers';

const text = (max: number) => inputText().trim().min(1).max(max);

/** HH:MM local time of the shop; 24:00 is the end of the day. */
const clock = inputText().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM');

/** A BCP 47 language code as the barber's languages list them ("fi", "en", "pt-BR"). */
const languageCode = inputText().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Use a language code like fi');

/** The longest first name of a barber, and the longest line of specialities. */
export const BARBER_NAME_MAX = 40;
export const BARBER_SPECIALITIES_MAX = 120;

/** Minutes of the day as HH:MM; from before to. */
export const shiftSchema = z
  .object({ from: clock, to: clock })
  .strict()
  .refine((s) => s.from < s.to, { message: 'A shift ends after it starts', path: ['to'] });
export type Shift = z.infer<typeof shiftSchema>;

/** Shifts of one day, in time order and not overlapping; a break is the gap between two. */
const dayShiftsSchema = z
  .array(shiftSchema)
  .max(6)
  .refine((list) => list.every((s, i) => i === 0 || (list[i - 1]?.to ?? '') <= s.from), {
    message: 'Shifts are in time order and do not overlap',
  });

/** One shift of the weekly template: ISO weekday (1 Monday ... 7 Sunday), as opening hours. */
export const weeklyShiftSchema = z
  .object({ weekday: z.number().int().min(1).max(7), from: clock, to: clock })
  .strict()
  .refine((s) => s.from < s.to, { message: 'A shift ends after it starts', path: ['to'] });
export type WeeklyShift = z.infer<typeof weeklyShiftSchema>;

const barberTranslations = z.partialRecord(
  z.enum(LANGUAGES),
  z
    .object({ specialities: inputText().max(BARBER_SPECIALITIES_MAX) })
    .partial()
    .strict(),
);

/** A barber as the manager's console lists them (GET /staff/barbers/). */
export const staffBarberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  /** Photo URL, or null (the apps show the initial). */
  photo: z.string().nullable(),
  languages: z.array(z.string()),
  /** Specialities in the market's language; other languages in translations. */
  specialities: z.string(),
  translations: barberTranslations,
  /** The staff account this barber logs in with, or null. */
  staff_id: z.number().int().nullable(),
  /** The weekly template: the shifts of a usual week, which a day's own rota replaces. */
  week: z.array(weeklyShiftSchema),
  /** Signed in at a chair now. */
  on_duty: z.boolean(),
  /** The chair they are signed in at; null off duty. */
  chair: z.number().int().nullable(),
  /** ISO time they signed in; null off duty. */
  on_duty_since: z.string().nullable(),
});
export type StaffBarber = z.infer<typeof staffBarberSchema>;

export const staffBarberListSchema = z.object({ items: z.array(staffBarberSchema) });

/** POST /staff/barbers/ (manager). */
export const staffBarberCreateSchema = z
  .object({
    first_name: text(BARBER_NAME_MAX),
    /** An https URL or a path of the server's static images; null or absent: no photo. */
    photo: inputText().max(500).nullable().optional(),
    languages: z.array(languageCode).max(10).default([]),
    specialities: inputText().trim().max(BARBER_SPECIALITIES_MAX).default(''),
    translations: barberTranslations.default({}),
    /** Links the barber to a staff account of the same shop (so they sign themselves in). */
    staff_id: inputId.nullable().optional(),
    week: z.array(weeklyShiftSchema).max(42).default([]),
  })
  .strict();
export type StaffBarberCreatePayload = z.infer<typeof staffBarberCreateSchema>;

/**
 * PATCH /staff/barbers/{id}/ (manager): any field; translations and week replace the ones stored.
 */
export const staffBarberPatchSchema = z
  .object({
    first_name: text(BARBER_NAME_MAX).optional(),
    photo: inputText().max(500).nullable().optional(),
    languages: z.array(languageCode).max(10).optional(),
    specialities: inputText().trim().max(BARBER_SPECIALITIES_MAX).optional(),
    translations: barberTranslations.optional(),
    staff_id: inputId.nullable().optional(),
    week: z.array(weeklyShiftSchema).max(42).optional(),
  })
  .strict();
export type StaffBarberPatchPayload = z.infer<typeof staffBarberPatchSchema>;

/**
 * DELETE /staff/barbers/{id}/ (manager) removes a barber: off duty at once, gone from the shop page
 * and the rota; customers waiting for them become first available and are told. Served history
 * keeps them. The answer: how many waiting customers were moved to first available.
 */
export const staffBarberRemovedSchema = z.object({
  id: z.number().int(),
  released_orders: z.number().int(),
});

/** GET /staff/rota/?date=YYYY-MM-DD (any staff): who works that day, and when. */
export const staffRotaQuerySchema = z.object({ date: calendarDate() }).strict();
export const staffRotaSchema = z.object({
  date: z.string(),
  barbers: z.array(
    z.object({
      barber_id: z.number().int(),
      first_name: z.string(),
      /** The day's own shifts (`day`), the weekly template's (`week`), or none that day. */
      source: z.enum(['day', 'week', 'none']),
      shifts: z.array(shiftSchema),
    }),
  ),
});
export type StaffRota = z.infer<typeof staffRotaSchema>;

/**
 * PUT /staff/rota/{date}/barbers/{barberId}/ (manager): that day's shifts of one barber, replacing
 * the weekly template for that day; `[]` is a day off. DELETE on the same path goes back to the
 * template. A break is the gap between two shifts.
 */
export const staffRotaDaySchema = z.object({ shifts: dayShiftsSchema }).strict();
export type StaffRotaDayPayload = z.infer<typeof staffRotaDaySchema>;

/**
 * POST /staff/barbers/{id}/duty/ (any staff of the shop): the barber signs on duty at a chair
 * (absent: the lowest chair no barber holds). The shop's chairs on duty become the barbers on duty.
 */
export const staffDutyOnSchema = z
  .object({ chair: z.number().int().min(1).max(50).optional() })
  .strict();
/**
 * DELETE /staff/barbers/{id}/duty/ (any staff): off duty. A customer in their chair is finished as
 * usual (the chair drains). Customers waiting for them are told at once: with a later shift today
 * they may wait for it or take the first available keeping their place; with none left they become
 * first available.
 */
export const staffDutyAnswerSchema = z.object({
  barber: staffBarberSchema,
  /** The shop's chairs on duty now (= barbers on duty). */
  chairs: z.number().int(),
  /** Waiting customers tied to this barber who were told (off duty), or moved (none left today). */
  told_orders: z.number().int(),
  released_orders: z.number().int(),
});
export type StaffDutyAnswer = z.infer<typeof staffDutyAnswerSchema>;

/**
 * POST /staff/orders/{id}/barber/ (any staff): the customer at the counter asked for another barber
 * (or the first available). `customer_consent` must be true: a tied customer is never moved to
 * another barber without it. Recorded on the order; does not count against the customer's changes.
 */
export const staffOrderBarberSchema = z
  .object({ barber_id: barberChoiceSchema, customer_consent: z.literal(true) })
  .strict();

/** A barber on the staff board (part of GET /staff/queue/). */
export const staffQueueBarberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  photo: z.string().nullable(),
  on_duty: z.boolean(),
  /** Their chair while on duty; null off duty. */
  chair: z.number().int().nullable(),
  /** ISO end of their current shift (planned), or the closing time; null off duty. */
  shift_ends_at: z.string().nullable(),
  /** ISO start of their next shift today when off duty; null when none. */
  next_shift_at: z.string().nullable(),
  /** ISO start of the planned shift they are in now without being signed in; null otherwise. */
  due_since: z.string().nullable(),
  /** Waiting orders tied to this barber, in serving order. */
  waiting_order_ids: z.array(z.number().int()),
  /**
   * The customer Start on their chair would seat: the first, in queue order, who is at the shop
   * and is tied to them or free (a free one only when none of theirs is due first); null if none.
   */
  next_order_id: z.number().int().nullable(),
});
export type StaffQueueBarber = z.infer<typeof staffQueueBarberSchema>;

/** Fields the board's orders gain (issue 30). */
export const staffQueueOrderBarberFields = {
  /** The barber the customer chose; null: first available. */
  barber_id: z.number().int().nullable().optional(),
  barber_name: z.string().nullable().optional(),
  /** In service: the barber serving (the chair's barber at Start); null without named barbers. */
  served_by: z.number().int().nullable().optional(),
  /** The chosen barber is off duty now (they may wait for a later shift or take the first available). */
  barber_off_duty: z.boolean().optional(),
};

/** Fields the board's chairs gain (issue 30). */
export const staffChairBarberFields = {
  /** The barber signed in at this chair; null for a shop without named barbers or a draining chair. */
  barber_id: z.number().int().nullable().optional(),
  barber_name: z.string().nullable().optional(),
};

/**
 * A walk-in's chosen barber (POST /staff/walk-ins/ and the kiosk): null or absent, the first
 * available.
 */
export const walkInBarberFields = { barber_id: barberChoiceSchema.optional() };
