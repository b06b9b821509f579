// The shop page's barber choice (issue 30): first available or a named barber, each with this
// customer's wait. A shop that has not named its barbers shows nothing.
import { MARKET_INFO, type Pob } from '@jono/contract';
import { BarberPicker } from '../../../components/ui/barber-picker';
import { useMarket } from '../../../lib/locale-store';
import { useTranslation } from '../../../lib/use-translation';

interface BarberChoiceProps {
  shop: Pick<Pob, 'barbers' | 'service_time_estimates'>;
  priority: number | null;
  value: number | null;
  onChange: (barberId: number | null) => void;
  disabled: boolean;
}

export function BarberChoice({ shop, priority, value, onChange, disabled }: BarberChoiceProps) {
  const { t } = useTranslation('barbers');
  const timeZone = MARKET_INFO[useMarket()].timeZone;
  if (shop.barbers.length === 0) return null;
  return (
    <section className="barber-choice" aria-labelledby="barber-choice-title">
      <h2 id="barber-choice-title">{t('picker.title')}</h2>
      <p className="barber-choice__hint">{t('picker.hint')}</p>
      <BarberPicker
        barbers={shop.barbers}
        shopEstimates={shop.service_time_estimates}
        priority={priority}
        value={value}
        onChange={onChange}
        timeZone={timeZone}
        disabled={disabled}
        hideTitle
      />
    </section>
  );
}
