// A rota interval's problem as a sentence that says what to fix.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interval, RotaProblem } from '../utils/rota';

export function useProblemText(opening: Interval | null) {
  const { t } = useTranslation();
  return useCallback(
    (problem: RotaProblem | null): string | null =>
      problem === null
        ? null
        : problem === 'outside' && opening
          ? t('manage.rota.problem.outside', { from: opening.from, to: opening.to })
          : t(`manage.rota.problem.${problem}`),
    [t, opening],
  );
}
