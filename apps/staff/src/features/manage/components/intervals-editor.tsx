// A list of from-to times (a day's shifts, its breaks, a weekday of the template): edit, remove,
// add, each row with its own error under it. Times are typed HH:MM on the shop's 24-hour clock
// (24:00 ends at midnight, which a time picker cannot say).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '@jono/ui';
import type { Interval } from '../utils/rota';

interface Props {
  legend: string;
  /** Names a row for screen readers: "Shift 2", "Break 1". */
  itemLabel: (place: number) => string;
  intervals: readonly Interval[];
  /** A translated problem per row, or null. */
  problems: readonly (string | null)[];
  addLabel: string;
  /** The interval a new row starts with. */
  fresh: () => Interval;
  emptyText: string;
  onChange: (intervals: Interval[]) => void;
}

export function IntervalsEditor({
  legend,
  itemLabel,
  intervals,
  problems,
  addLabel,
  fresh,
  emptyText,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const baseId = useId();
  const set = (index: number, patch: Partial<Interval>) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, ...patch } : interval)));

  return (
    <fieldset className="stack intervals">
      <legend>{legend}</legend>
      {intervals.length === 0 ? <p className="muted">{emptyText}</p> : null}
      {intervals.map((interval, index) => {
        const name = itemLabel(index + 1);
        const problem = problems[index] ?? null;
        const errorId = `${baseId}-${index}-error`;
        return (
          <div key={index} className="interval" role="group" aria-label={name}>
            <div className="interval-row">
              <label className="field field--inline">
                <span>{t('manage.rota.from')}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  size={5}
                  placeholder={t('manage.rota.timePlaceholder')}
                  pattern="([01]\d|2[0-4]):[0-5]\d"
                  aria-label={t('manage.rota.fromOf', { item: name })}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  value={interval.from}
                  onChange={(event) => set(index, { from: event.target.value })}
                />
              </label>
              <label className="field field--inline">
                <span>{t('manage.rota.to')}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  size={5}
                  placeholder={t('manage.rota.timePlaceholder')}
                  pattern="([01]\d|2[0-4]):[0-5]\d"
                  aria-label={t('manage.rota.toOf', { item: name })}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  value={interval.to}
                  onChange={(event) => set(index, { to: event.target.value })}
                />
              </label>
              <button
                type="button"
                className="button button--small button--danger-ghost"
                onClick={() => onChange(intervals.filter((_, i) => i !== index))}
              >
                {t('manage.rota.remove')}
                <span className="visually-hidden"> {name}</span>
              </button>
            </div>
            {problem ? (
              <p id={errorId} className="field__error">
                {problem}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="button button--small"
          onClick={() => onChange([...intervals, fresh()])}
        >
          <IconPlus /> {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
