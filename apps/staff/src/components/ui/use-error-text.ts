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
