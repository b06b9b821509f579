// The shop screen's barbers at work (issue 30): each with photo or initial, first name and the
// wait of a new one-time customer who chooses them, live from the shop's events.
import type { PublicBarber } from '@jono/contract';
import { BarberAvatar } from '../../../components/ui/barber-avatar';
import { shownEstimate } from '../../../lib/queue';
import { useTranslation } from '../../../lib/use-translation';

export function DisplayBarbers({ barbers }: { barbers: readonly PublicBarber[] }) {
  const { t } = useTranslation('barbers');
  const working = barbers.filter((b) => b.on_duty);
  if (working.length === 0) return null;
  return (
    <section className="display__barbers" aria-labelledby="display-barbers">
      <h2 id="display-barbers">{t('display.title')}</h2>
      <ul>
        {working.map((barber) => {
          const wait = shownEstimate(barber.service_time_estimates, 0)?.wait_time ?? null;
          return (
            <li key={barber.id}>
              <BarberAvatar name={barber.first_name} photo={barber.photo} size="large" />
              <bdi className="display__barber-name">{barber.first_name}</bdi>
              {wait === null ? (
                <span className="display__barber-wait">{t('display.noWait')}</span>
              ) : (
                <span
                  className="display__barber-wait"
                  aria-label={t('display.waitLabel', { count: wait, name: barber.first_name })}
                >
                  {t('display.wait', { count: wait })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
