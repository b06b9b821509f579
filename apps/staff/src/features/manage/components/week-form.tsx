// One barber's weekly template: the shifts of a usual week, Monday first, each weekday checked
// against that day's opening hours. A day's own rota replaces the template on that day.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@jono/ui';
import type { OpenTime, WeeklyShift } from '@jono/contract';
import { FormActions } from '../../../components/ui/form-actions';
import { intervalProblems, sortedIntervals, type Interval } from '../utils/rota';
import { IntervalsEditor } from './intervals-editor';
import { useProblemText } from './use-problem-text';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface Props {
  week: readonly WeeklyShift[];
  openTimes: readonly OpenTime[];
  pending: boolean;
  error: string | null;
  onSubmit: (week: WeeklyShift[]) => void;
  onCancel: () => void;
}

/** The opening hours of an ISO weekday as an interval, or null when closed. */
export function openingOn(openTimes: readonly OpenTime[], weekday: number): Interval | null {
  const day = openTimes.find((entry) => entry.weekday === weekday);
  return day ? { from: day.open.slice(0, 5), to: day.close.slice(0, 5) } : null;
}

export function WeekForm({ week, openTimes, pending, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [days, setDays] = useState<Record<number, Interval[]>>(() =>
    Object.fromEntries(
      WEEKDAYS.map((weekday) => [
        weekday,
        sortedIntervals(
          week.filter((s) => s.weekday === weekday).map(({ from, to }) => ({ from, to })),
        ),
      ]),
    ),
  );
  const [checked, setChecked] = useState(false);

  const problemsOf = (weekday: number) => {
    const opening = openingOn(openTimes, weekday);
    const intervals = days[weekday] ?? [];
    return opening ? intervalProblems(intervals, opening) : intervals.map(() => 'closed' as const);
  };
  const invalid = WEEKDAYS.some((weekday) => problemsOf(weekday).some(Boolean));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (invalid) return;
    onSubmit(
      WEEKDAYS.flatMap((weekday) =>
        sortedIntervals(days[weekday] ?? []).map(({ from, to }) => ({ weekday, from, to })),
      ),
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="muted">{t('manage.rota.weekIntro')}</p>
      <div className="week-grid">
        {WEEKDAYS.map((weekday) => (
          <WeekdayEditor
            key={weekday}
            weekday={weekday}
            opening={openingOn(openTimes, weekday)}
            intervals={days[weekday] ?? []}
            problems={checked ? problemsOf(weekday) : []}
            onChange={(next) => setDays({ ...days, [weekday]: next })}
          />
        ))}
      </div>
      <FormAlert>{checked && invalid ? t('manage.rota.problem.fix') : error}</FormAlert>
      <FormActions submitLabel={t('common.save')} pending={pending} onCancel={onCancel} />
    </form>
  );
}

function WeekdayEditor({
  weekday,
  opening,
  intervals,
  problems,
  onChange,
}: {
  weekday: number;
  opening: Interval | null;
  intervals: Interval[];
  problems: readonly (ReturnType<typeof intervalProblems>[number] | 'closed')[];
  onChange: (next: Interval[]) => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText(opening);
  const day = t(`weekdays.${weekday}`);
  return (
    <IntervalsEditor
      legend={
        opening
          ? t('manage.rota.weekdayOpen', { day, from: opening.from, to: opening.to })
          : t('manage.rota.weekdayClosed', { day })
      }
      itemLabel={(place) => t('manage.rota.dayShiftN', { day, place })}
      intervals={intervals}
      problems={problems.map(problemText)}
      addLabel={t('manage.rota.addShiftOn', { day })}
      fresh={() => (opening ? { ...opening } : { from: '09:00', to: '17:00' })}
      emptyText={t('manage.rota.notWorking')}
      onChange={onChange}
    />
  );
}
