// Hand-written checks of the shop page's answers (the shop with its catalogue, the shop's live
// events, order creation), built from the first screen's checks (answer-guards.ts) and loaded with
// the page, not with /home. answer-guards.test.ts compares them with the contract's schemas.
import type { Pob, PobEvent } from '@jono/contract';
import {
  type Check,
  answerSchema,
  arrayOf,
  bool,
  int,
  nonNegativeInt,
  nullable,
  num,
  object,
  queueFields,
  str,
  summaryFields,
  waitEstimates,
} from './answer-guards';

const serviceFields = {
  id: int,
  title: str,
  display_order: int,
  details: str,
  long_description: str,
  price: nonNegativeInt,
  duration: nonNegativeInt,
};

/** A barber as the shop page, the kiosk and the shop screen show them (publicBarberSchema). */
const barber = object({
  id: int,
  first_name: str,
  photo: nullable(str),
  languages: arrayOf(str),
  specialities: str,
  on_duty: bool,
  next_shift_at: nullable(str),
  due_since: nullable(str),
  service_time_estimates: waitEstimates,
});
const barbers = arrayOf(barber);

const share: Check = (v) => num(v) && (v as number) >= 0 && (v as number) <= 1;

const pob = object({
  ...summaryFields,
  accuracy: nullable(
    object({
      days: int,
      estimates: nonNegativeInt,
      inside_range: share,
      median_error: (v) => num(v) && (v as number) >= 0,
      longer_by_10: share,
    }),
  ),
  barbers,
  service_groups: arrayOf(
    object({ id: int, title: str, display_order: int, details: str, parent: nullable(int) }),
  ),
  services: arrayOf(object({ ...serviceFields, group_id: int })),
  extra_services: arrayOf(
    object({
      service_id: int,
      services: arrayOf(object({ ...serviceFields, group_id: nullable(int) })),
    }),
  ),
});

/** GET /pobs/{id}/ (the contract's pobSchema). */
export const shopAnswer = answerSchema<Pob>(pob);

/** A message of GET /pobs/{id}/events (the contract's pobEventSchema). */
export const shopEventAnswer = answerSchema<PobEvent>(
  object({ ...queueFields, barbers: (v) => v === undefined || barbers(v) }),
);

/** POST /customers/{id}/orders/ (the contract's createOrderAnswerSchema). */
export const createOrderAnswer = answerSchema<{ id: number }>(object({ id: int }));
