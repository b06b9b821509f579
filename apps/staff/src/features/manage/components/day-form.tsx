// One barber's day: working hours and breaks, checked against the day's opening hours before
// saving; "Use the weekly template" drops the day's own rota.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@jono/ui';
import type { Shift } from '@jono/contract';
import { FormActions } from '../../../components/ui/form-actions';
import {
  breakProblems,
  intervalProblems,
  planFromShifts,
  shiftsFromPlan,
  type DayPlan,
  type Interval,
} from '../utils/rota';
import { IntervalsEditor } from './intervals-editor';
import { useProblemText } from './use-problem-text';

/** The contract's most shifts in a day (breaks split the working hours into shifts). */
const SHIFTS_MAX = 6;

interface Props {
  shifts: readonly Shift[];
  /** The shop's opening hours that day; null when closed or not known. */
  opening: Interval | null;
  /** The shop is closed that day: no shift fits. */
  closed: boolean;
  /** The day has its own rota (not the template's): offer to go back to the template. */
  ownDay: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (shifts: Shift[]) => void;
  onUseTemplate: () => void;
  onCancel: () => void;
}

export function DayForm({
  shifts,
  opening,
  closed,
  ownDay,
  pending,
  error,
  onSubmit,
  onUseTemplate,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const problemText = useProblemText(opening);
  const [plan, setPlan] = useState<DayPlan>(() => planFromShifts(shifts));
  const [checked, setChecked] = useState(false);

  const shiftProblems = (
    closed ? plan.shifts.map(() => 'closed' as const) : intervalProblems(plan.shifts, opening)
  ).map(problemText);
  const pauseProblems = breakProblems(plan).map(problemText);
  const result = shiftsFromPlan(plan);
  const tooMany = result.length > SHIFTS_MAX;
  const invalid = [...shiftProblems, ...pauseProblems].some(Boolean) || tooMany;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (invalid) return;
    onSubmit(result);
  };
  const fresh = (): Interval =>
    opening ? { from: opening.from, to: opening.to } : { from: '09:00', to: '17:00' };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="muted">
        {closed
          ? t('manage.rota.closedThatDay')
          : opening
            ? t('manage.rota.openingThatDay', { from: opening.from, to: opening.to })
            : null}
      </p>
      <IntervalsEditor
        legend={t('manage.rota.workingHours')}
        itemLabel={(place) => t('manage.rota.shiftN', { place })}
        intervals={plan.shifts}
        problems={checked ? shiftProblems : []}
        addLabel={t('manage.rota.addShift')}
        fresh={fresh}
        emptyText={t('manage.rota.dayOff')}
        onChange={(next) => setPlan({ ...plan, shifts: next })}
      />
      <IntervalsEditor
        legend={t('manage.rota.breaks')}
        itemLabel={(place) => t('manage.rota.breakN', { place })}
        intervals={plan.breaks}
        problems={checked ? pauseProblems : []}
        addLabel={t('manage.rota.addBreak')}
        fresh={() => ({ from: '12:00', to: '12:30' })}
        emptyText={t('manage.rota.noBreaks')}
        onChange={(next) => setPlan({ ...plan, breaks: next })}
      />
      <FormAlert>
        {checked && invalid
          ? tooMany
            ? t('manage.rota.problem.tooMany', { max: SHIFTS_MAX })
            : t('manage.rota.problem.fix')
          : error}
      </FormAlert>
      <FormActions submitLabel={t('common.save')} pending={pending} onCancel={onCancel}>
        {ownDay ? (
          <button
            type="button"
            className="button button--ghost row__grow-start"
            disabled={pending}
            onClick={onUseTemplate}
          >
            {t('manage.rota.useTemplate')}
          </button>
        ) : null}
      </FormActions>
    </form>
  );
}
