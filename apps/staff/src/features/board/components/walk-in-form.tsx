// Adds a walk-in: services with their extras, an optional name and an optional member phone
// (a member's phone gives the walk-in their priority).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, SelectField, TextField } from '@jono/ui';
import {
  MARKET_INFO,
  TEXT_MAX,
  walkInSchema,
  type Pob,
  type StaffQueueBarber,
  type WalkInPayload,
} from '@jono/contract';
import { formatClock, formatMoney } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

interface Props {
  shop: Pob;
  /** Named barbers working today; the walk-in may choose one (default: the first available). */
  barbers?: readonly StaffQueueBarber[];
  pending: boolean;
  error: string | null;
  onSubmit: (payload: WalkInPayload) => void;
  onCancel: () => void;
}

export function WalkInForm({ shop, barbers = [], pending, error, onSubmit, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const market = session?.market ?? 'fi';
  const locale = intlLocale(i18n.language);
  const [chosen, setChosen] = useState<Map<number, Set<number>>>(new Map());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [barber, setBarber] = useState('');
  // A barber off duty with no shift left today cannot be chosen (the server refuses it).
  const choosable = barbers.filter(
    (b) => b.on_duty || b.due_since !== null || b.next_shift_at !== null,
  );
  const [invalid, setInvalid] = useState<string | null>(null);

  const toggleService = (id: number) => {
    // A message about the services goes once one is chosen.
    setInvalid(null);
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, new Set());
      return next;
    });
  };

  const toggleExtra = (serviceId: number, extraId: number) =>
    setChosen((current) => {
      const next = new Map(current);
      const extras = new Set(next.get(serviceId));
      if (extras.has(extraId)) extras.delete(extraId);
      else extras.add(extraId);
      next.set(serviceId, extras);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      items: [...chosen].map(([service_id, extras]) => ({
        service_id,
        extra_service_ids: [...extras],
      })),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      ...(barber ? { barber_id: Number(barber) } : {}),
    };
    const parsed = walkInSchema.safeParse(payload);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      setInvalid(field === 'phone' ? t('walkIn.invalidPhone') : t('walkIn.chooseService'));
      return;
    }
    setInvalid(null);
    onSubmit(parsed.data);
  };

  const groups = [...shop.service_groups].sort((a, b) => a.display_order - b.display_order);
  const extrasOf = (serviceId: number) =>
    shop.extra_services.find((entry) => entry.service_id === serviceId)?.services ?? [];
  const minutes = [...chosen].reduce((sum, [serviceId, extras]) => {
    const service = shop.services.find((s) => s.id === serviceId);
    const extraMinutes = extrasOf(serviceId)
      .filter((extra) => extras.has(extra.id))
      .reduce((total, extra) => total + extra.duration, 0);
    return sum + (service?.duration ?? 0) + extraMinutes;
  }, 0);

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {groups.map((group) => {
        const services = shop.services
          .filter((service) => service.group_id === group.id)
          .sort((a, b) => a.display_order - b.display_order);
        if (services.length === 0) return null;
        return (
          <fieldset key={group.id} className="choice-group">
            <legend>{group.title}</legend>
            {services.map((service) => {
              const extras = extrasOf(service.id);
              const picked = chosen.get(service.id);
              return (
                <div key={service.id} className="choice">
                  <label className="choice__label">
                    <input
                      type="checkbox"
                      checked={picked !== undefined}
                      onChange={() => toggleService(service.id)}
                    />
                    <span className="choice__title">{service.title}</span>
                    <span className="muted">
                      {t('common.minutes', { count: service.duration })}
                      {' · '}
                      {formatMoney(service.price, market, locale)}
                    </span>
                  </label>
                  {picked && extras.length > 0 && (
                    <fieldset className="choice__extras">
                      <legend>{t('walkIn.extrasFor', { service: service.title })}</legend>
                      {extras.map((extra) => (
                        <label key={extra.id} className="choice__label">
                          <input
                            type="checkbox"
                            checked={picked.has(extra.id)}
                            onChange={() => toggleExtra(service.id, extra.id)}
                          />
                          <span className="choice__title">{extra.title}</span>
                          <span className="muted">
                            {t('common.minutes', { count: extra.duration })}
                            {' · '}
                            {formatMoney(extra.price, market, locale)}
                          </span>
                        </label>
                      ))}
                    </fieldset>
                  )}
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <div className="grid-2">
        <TextField
          label={t('walkIn.name')}
          autoComplete="off"
          maxLength={TEXT_MAX.walkInName}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('walkIn.phone')}
          hint={t('walkIn.phoneHint')}
          type="tel"
          autoComplete="off"
          inputMode="tel"
          placeholder={MARKET_INFO[market].dialCode}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </div>
      {choosable.length > 0 ? (
        <SelectField
          label={t('walkIn.barber')}
          hint={t('walkIn.barberHint')}
          value={barber}
          onChange={(event) => setBarber(event.target.value)}
        >
          <option value="">{t('board.firstAvailable')}</option>
          {choosable.map((b) => (
            <option key={b.id} value={b.id}>
              {b.on_duty
                ? b.first_name
                : b.due_since
                  ? t('walkIn.barberDue', {
                      name: b.first_name,
                      time: formatClock(b.due_since, i18n.language, MARKET_INFO[market].timeZone),
                    })
                  : !b.next_shift_at
                    ? b.first_name
                    : t('walkIn.barberLater', {
                        name: b.first_name,
                        time: formatClock(
                          b.next_shift_at,
                          i18n.language,
                          MARKET_INFO[market].timeZone,
                        ),
                      })}
            </option>
          ))}
        </SelectField>
      ) : null}
      <FormAlert>{invalid ?? error}</FormAlert>
      <FormActions submitLabel={t('walkIn.submit')} pending={pending} onCancel={onCancel}>
        <span className="muted row__grow">
          {chosen.size > 0 ? t('walkIn.total', { count: minutes }) : t('walkIn.chooseService')}
        </span>
      </FormActions>
    </form>
  );
}
