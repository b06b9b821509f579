// /manage/hours: the week's opening hours in the shop's own time zone.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useShop } from '../../../lib/shop';
import { useSaveHours } from '../api/shop-settings';
import { HoursForm } from '../components/hours-form';
import { openTimesFromWeek, weekFromOpenTimes, type DayHours } from '../utils/hours';

export function HoursRoute() {
  const shop = useShop();
  if (shop.isPending) return <Loading />;
  if (shop.isError) return <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />;
  return <HoursEditor initial={weekFromOpenTimes(shop.data.open_times)} />;
}

function HoursEditor({ initial }: { initial: DayHours[] }) {
  const { t } = useTranslation();
  const save = useSaveHours();
  const toast = useToast();
  const errorText = useErrorText();
  const [week, setWeek] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { open_times: openTimesFromWeek(week) },
      {
        onSuccess: () => toast({ message: t('manage.saved') }),
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );
  };

  return (
    <section className="panel" aria-labelledby="hours-title">
      <h2 id="hours-title">{t('manage.hours.title')}</h2>
      <p className="muted">{t('manage.hours.intro')}</p>
      <HoursForm week={week} onChange={setWeek} onSubmit={submit} pending={save.isPending} />
    </section>
  );
}
