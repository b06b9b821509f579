// /manage/rota: who works on a day and when (today by default), drawn as a timeline with the same
// as text; each barber's day can be set on its own (shifts and breaks) or follow their weekly
// template, which is edited here too.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, Dialog, useToast } from '@jono/ui';
import { MARKET_INFO, type StaffBarber, type StaffRota } from '@jono/contract';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { isoWeekday, localDate, localMinutes } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useShop } from '../../../lib/shop';
import { useNow } from '../../../lib/use-now';
import { useBarbers, useUpdateBarber } from '../api/barbers';
import { useResetRotaDay, useRota, useSaveRotaDay } from '../api/rota';
import { DayForm } from '../components/day-form';
import { RotaTimeline, type TimelineRow } from '../components/rota-timeline';
import { openingOn, WeekForm } from '../components/week-form';
import { minutesOf, planFromShifts, toMinutes } from '../utils/rota';

type RotaBarber = StaffRota['barbers'][number];

export function RotaRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const timeZone = MARKET_INFO[session?.market ?? 'fi'].timeZone;
  const now = useNow(60_000);
  const today = localDate(new Date(now), timeZone);
  const [date, setDate] = useState(today);
  const rota = useRota(date);
  const barbers = useBarbers();
  const shop = useShop();
  const saveDay = useSaveRotaDay();
  const resetDay = useResetRotaDay();
  const updateBarber = useUpdateBarber();
  const toast = useToast();
  const errorText = useErrorText();
  const [editingDay, setEditingDay] = useState<RotaBarber | null>(null);
  const [editingWeek, setEditingWeek] = useState<StaffBarber | null>(null);

  const failed = rota.error ?? barbers.error ?? shop.error;
  if (failed) {
    return (
      <ErrorState
        error={failed}
        onRetry={() => {
          void rota.refetch();
          void barbers.refetch();
          void shop.refetch();
        }}
      />
    );
  }
  if (!rota.data || !barbers.data || !shop.data) return <Loading />;
  const day = rota.data;
  const team = barbers.data.items;
  const openTimes = shop.data.open_times;

  const opening = openingOn(openTimes, isoWeekday(date));
  const isToday = date === today;
  const nowMinutes = isToday ? localMinutes(new Date(now), timeZone) : null;
  const onDuty = (id: number) =>
    isToday && team.some((barber) => barber.id === id && barber.on_duty);
  const rows: TimelineRow[] = day.barbers.map((entry) => {
    const plan = planFromShifts(entry.shifts);
    return {
      id: entry.barber_id,
      name: entry.first_name,
      onDuty: onDuty(entry.barber_id),
      shifts: entry.shifts.map(minutesOf),
      breaks: plan.breaks.map(minutesOf),
    };
  });
  const starts = rows.flatMap((row) => row.shifts.map((s) => s.from));
  const ends = rows.flatMap((row) => row.shifts.map((s) => s.to));
  const from = Math.min(opening ? (toMinutes(opening.from) ?? 0) : 24 * 60, ...starts);
  const to = Math.max(opening ? (toMinutes(opening.to) ?? 24 * 60) : 0, ...ends);
  const range = from < to ? { from, to } : { from: 0, to: 24 * 60 };
  const closeDay = () => {
    setEditingDay(null);
    saveDay.reset();
    resetDay.reset();
  };
  const closeWeek = () => {
    setEditingWeek(null);
    updateBarber.reset();
  };
  const saved = () => toast({ message: t('manage.saved') });

  return (
    <section className="panel stack" aria-labelledby="rota-title">
      <div className="row">
        <h2 id="rota-title" className="row__grow">
          {t('manage.rota.title')}
        </h2>
        <TextField
          className="field--inline"
          label={t('manage.rota.date')}
          type="date"
          min={today}
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </div>
      <p className="muted">{t('manage.rota.intro')}</p>
      {rows.length === 0 ? (
        <EmptyState>{t('manage.rota.noBarbers')}</EmptyState>
      ) : (
        <>
          <RotaTimeline rows={rows} from={range.from} to={range.to} now={nowMinutes} />
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('manage.barbers.firstName')}</th>
                <th scope="col">{t('manage.rota.thatDay')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('manage.services.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {day.barbers.map((entry) => {
                const barber = team.find((b) => b.id === entry.barber_id);
                return (
                  <tr key={entry.barber_id}>
                    <th scope="row" dir="auto">
                      {entry.first_name}
                    </th>
                    <td>
                      {entry.shifts.length === 0
                        ? t('manage.rota.notWorking')
                        : entry.shifts.map((s) => `${s.from}–${s.to}`).join(', ')}{' '}
                      <span className="tag">{t(`manage.rota.source.${entry.source}`)}</span>
                    </td>
                    <td>
                      <div className="cell--actions">
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setEditingDay(entry)}
                        >
                          {t('manage.rota.editDay')}
                          <span className="visually-hidden"> {entry.first_name}</span>
                        </button>
                        {barber ? (
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => setEditingWeek(barber)}
                          >
                            {t('manage.rota.editWeek')}
                            <span className="visually-hidden"> {entry.first_name}</span>
                          </button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      <Dialog
        open={editingDay !== null}
        title={t('manage.rota.dayTitle', { name: editingDay?.first_name ?? '', date })}
        onClose={closeDay}
        className="dialog--wide"
      >
        {editingDay ? (
          <DayForm
            shifts={editingDay.shifts}
            opening={opening}
            closed={opening === null}
            ownDay={editingDay.source === 'day'}
            pending={saveDay.isPending || resetDay.isPending}
            error={
              saveDay.error || resetDay.error ? errorText(saveDay.error ?? resetDay.error) : null
            }
            onSubmit={(shifts) =>
              saveDay.mutate(
                { date, barberId: editingDay.barber_id, shifts },
                { onSuccess: () => (saved(), closeDay()) },
              )
            }
            onUseTemplate={() =>
              resetDay.mutate(
                { date, barberId: editingDay.barber_id },
                { onSuccess: () => (saved(), closeDay()) },
              )
            }
            onCancel={closeDay}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={editingWeek !== null}
        title={t('manage.rota.weekTitle', { name: editingWeek?.first_name ?? '' })}
        onClose={closeWeek}
        className="dialog--wide"
      >
        {editingWeek ? (
          <WeekForm
            week={editingWeek.week}
            openTimes={openTimes}
            pending={updateBarber.isPending}
            error={updateBarber.error ? errorText(updateBarber.error) : null}
            onSubmit={(week) =>
              updateBarber.mutate(
                { id: editingWeek.id, patch: { week } },
                { onSuccess: () => (saved(), closeWeek()) },
              )
            }
            onCancel={closeWeek}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
