// Reading a shop's barbers (issue 30) for the customer: which can be chosen, when each works, the
// wait of each for this customer, and the languages they speak in the interface's language.
import {
  languageTag,
  type Language,
  type PublicBarber,
  type ServiceTimeEstimate,
} from '@jono/contract';
import { ApiError } from './api-client';
import { shownEstimate } from './queue';

/**
 * When a barber works today: at a chair now, in a planned shift they have not signed in for yet
 * (due since its start), from a time later today, or not any more today.
 */
export type BarberAvailability =
  | { kind: 'onDuty' }
  | { kind: 'due'; since: string }
  | { kind: 'later'; at: string }
  | { kind: 'done' };

type Duty = Pick<PublicBarber, 'on_duty' | 'next_shift_at'> & {
  due_since?: PublicBarber['due_since'];
};

export function barberAvailability(barber: Duty): BarberAvailability {
  if (barber.on_duty) return { kind: 'onDuty' };
  if (barber.due_since) return { kind: 'due', since: barber.due_since };
  return barber.next_shift_at ? { kind: 'later', at: barber.next_shift_at } : { kind: 'done' };
}

/** A barber can be chosen while at a chair, due now, or with a shift still to come today. */
export const choosable = (barber: Duty): boolean => barberAvailability(barber).kind !== 'done';

/**
 * The choice as the shop's barbers stand now: a barber who is no longer listed or no longer works
 * today falls back to the first available (null).
 */
export function currentChoice(
  barbers: readonly PublicBarber[],
  barberId: number | null,
): number | null {
  if (barberId === null) return null;
  const barber = barbers.find((b) => b.id === barberId);
  return barber && choosable(barber) ? barberId : null;
}

/**
 * The wait shown for a choice: the barber's own for this customer's priority, or the shop's
 * ("first available") when none is chosen.
 */
export function choiceEstimate(
  shopEstimates: readonly ServiceTimeEstimate[],
  barbers: readonly PublicBarber[],
  barberId: number | null,
  priority: number | null | undefined,
): ServiceTimeEstimate | null {
  const barber = barberId === null ? undefined : barbers.find((b) => b.id === barberId);
  return shownEstimate(barber ? barber.service_time_estimates : shopEstimates, priority);
}

const languageNames = new Map<string, Intl.DisplayNames | null>();

/**
 * The languages a barber speaks, named in the interface language ("Finnish, English"); a code
 * the browser cannot name is shown as it is.
 */
export function spokenLanguages(codes: readonly string[], language: Language): string {
  const tag = languageTag(language);
  let names = languageNames.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'language' });
    } catch {
      names = null;
    }
    languageNames.set(tag, names);
  }
  return codes
    .map((code) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    })
    .join(', ');
}

/** The first letter of a first name, for the avatar of a barber without a photo. */
export function initialOf(firstName: string): string {
  return Array.from(firstName.trim())[0]?.toLocaleUpperCase() ?? '?';
}

const REFUSALS = new Set([
  'barber_unknown',
  'barber_removed',
  'barber_off_today',
  'barber_changes_spent',
  'not_waiting',
  'no_longer_active',
]);

/**
 * A refused choice of barber in the customer's words: the key under `barbers:errors.` for the
 * server's stable error code (its own message is English), or `errors.other`.
 */
export function barberErrorKey(error: unknown): string {
  return error instanceof ApiError && REFUSALS.has(error.code)
    ? `errors.${error.code}`
    : 'errors.other';
}

/** Whether a refusal is about the barber chosen (the form then says so by that choice). */
export const isBarberRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code.startsWith('barber_');
