// The state model's refusals (packages/queue state-model.ts) as the API's 409 answers: a stable
// code the apps translate, and an English message that says what to do.
import type { Refusal } from '@jono/queue';
import { HttpError } from './http-error';

const MESSAGES: Record<Refusal, string> = {
  not_waiting: 'This customer is already in a chair',
  not_in_chair: 'Start the service before finishing it',
  no_longer_active: 'This order is no longer active',
  chair_off_duty: 'This chair is not on duty',
  chair_busy: 'Someone already sits in this chair',
  no_free_chair: 'Every chair on duty is busy',
  held: 'This customer is on the way and their spot is held',
  no_one_behind: 'There is no one behind this customer to swap with',
  chair_taken:
    'Someone else sits in that chair now: finish them first, or start this customer again',
  nothing_to_undo: 'Nothing to undo on this order',
  already_here: 'You are already at the shop',
};

export function refused(refusal: Refusal): HttpError {
  return new HttpError(409, refusal, MESSAGES[refusal]);
}
