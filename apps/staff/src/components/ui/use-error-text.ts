// Turns any failure into a translated sentence: the API's stable code picks the text.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';

const KNOWN = new Set([
  'network',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'validation',
  'bad_request',
  'invalid_credentials',
  'rate_limited',
  'too_many_attempts',
  'time_slot',
  'not_taking_orders',
  'active_order_exists',
  'undo_expired',
  'held',
  'limit_reached',
  'device_code',
  // The queue's state model (packages/queue state-model.ts).
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
  'no_member',
  // Barbers as people (issue 30).
  'barber_unknown',
  'barber_removed',
  'barber_off_today',
  'barber_changes_spent',
  'barber_tied',
  'chair_has_barber',
  'barber_on_duty',
  'barber_off_duty',
  'chairs_follow_barbers',
]);

export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error) && KNOWN.has(error.code)) return t(`errors.${error.code}`);
      return t('errors.generic');
    },
    [t],
  );
}
