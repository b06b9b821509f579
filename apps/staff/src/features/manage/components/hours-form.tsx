// Seven rows, Monday first: open or closed, from and to.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@jono/ui';
import { invalidDays, type DayHours } from '../utils/hours';

interface Props {
  week: DayHours[];
  onChange: (week: DayHours[]) => void;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
}

export function HoursForm({ week, onChange, onSubmit, pending }: Props) {
  const { t } = useTranslation();
  const bad = invalidDays(week);
  const update = (weekday: number, patch: Partial<DayHours>) =>
    onChange(week.map((day) => (day.weekday === weekday ? { ...day, ...patch } : day)));

  return (
    <form className="stack" onSubmit={onSubmit}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('manage.hours.day')}</th>
            <th scope="col">{t('manage.hours.open')}</th>
            <th scope="col">{t('manage.hours.from')}</th>
            <th scope="col">{t('manage.hours.to')}</th>
          </tr>
        </thead>
        <tbody>
          {week.map((day) => {
            const dayName = t(`weekdays.${day.weekday}`);
            return (
              <tr key={day.weekday} aria-invalid={bad.includes(day.weekday) || undefined}>
                <th scope="row">{dayName}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('manage.hours.openOn', { day: dayName })}
                    checked={day.open}
                    onChange={(event) => update(day.weekday, { open: event.target.checked })}
                  />
                </td>
                <td>
                  <input
                    type="time"
                    aria-label={t('manage.hours.fromOn', { day: dayName })}
                    disabled={!day.open}
                    value={day.from}
                    onChange={(event) => update(day.weekday, { from: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    pattern="([01]\d|2[0-4]):[0-5]\d"
                    aria-label={t('manage.hours.toOn', { day: dayName })}
                    disabled={!day.open}
                    value={day.to}
                    size={5}
                    onChange={(event) => update(day.weekday, { to: event.target.value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormAlert>
        {bad.length > 0 &&
          t('manage.hours.invalid', {
            days: bad.map((weekday) => t(`weekdays.${weekday}`)).join(', '),
          })}
      </FormAlert>
      <div className="row row--end">
        <button
          type="submit"
          className="button button--primary"
          disabled={pending || bad.length > 0}
        >
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
