// Choosing a barber (issue 30): "first available" first, then each barber working today, each
// with their own wait for this customer's priority (median and 80 % range). Native radio buttons
// in a labelled radio group: arrow keys move the choice, and each option is named by the barber's
// first name and described by the wait and when they work.
import { useId, type ReactNode } from 'react';
import type { PublicBarber, ServiceTimeEstimate } from '@jono/contract';
import { IconUsers } from '@jono/ui';
import { barberAvailability, choosable, choiceEstimate, spokenLanguages } from '../../lib/barbers';
import { formatTimeOfDay } from '../../lib/format';
import { useLocaleStore } from '../../lib/locale-store';
import { useTranslation } from '../../lib/use-translation';
import { BarberAvatar } from './barber-avatar';
import { QueueTimer } from './queue-timer';

interface BarberPickerProps {
  barbers: readonly PublicBarber[];
  /** The shop's own waits: those of "first available". */
  shopEstimates: readonly ServiceTimeEstimate[];
  /** The customer's priority (null: a guest or one-time customer). */
  priority: number | null | undefined;
  /** The barber chosen; null: first available. */
  value: number | null;
  onChange: (barberId: number | null) => void;
  /** The shop's time zone, for "from 14:00". */
  timeZone: string;
  disabled?: boolean;
  /** A heading above the choices; without it the group is named by a visually hidden legend. */
  title?: string;
  hideTitle?: boolean;
}

const FIRST = 'first';

export function BarberPicker({
  barbers,
  shopEstimates,
  priority,
  value,
  onChange,
  timeZone,
  disabled = false,
  title,
  hideTitle = false,
}: BarberPickerProps) {
  const { t } = useTranslation('barbers');
  const id = useId();
  const legendId = `${id}-legend`;
  const first = choiceEstimate(shopEstimates, barbers, null, priority);
  return (
    <fieldset
      className="barber-picker"
      role="radiogroup"
      aria-labelledby={legendId}
      disabled={disabled}
    >
      <legend id={legendId} className={hideTitle ? 'visually-hidden' : 'barber-picker__title'}>
        {title ?? t('picker.title')}
      </legend>
      <ul className="list barber-picker__options">
        <Option
          id={`${id}-${FIRST}`}
          group={id}
          value={FIRST}
          checked={value === null}
          onSelect={() => onChange(null)}
          name={t('picker.firstAvailable')}
          details={t('picker.firstAvailableText')}
          estimate={first}
          avatar={
            <span className="barber-avatar barber-avatar--any" aria-hidden="true">
              <IconUsers />
            </span>
          }
        />
        {barbers.map((barber) => (
          <BarberOption
            key={barber.id}
            group={id}
            barber={barber}
            checked={value === barber.id}
            onSelect={() => onChange(barber.id)}
            estimate={choiceEstimate(shopEstimates, barbers, barber.id, priority)}
            timeZone={timeZone}
          />
        ))}
      </ul>
    </fieldset>
  );
}

function BarberOption({
  group,
  barber,
  checked,
  onSelect,
  estimate,
  timeZone,
}: {
  group: string;
  barber: PublicBarber;
  checked: boolean;
  onSelect: () => void;
  estimate: ServiceTimeEstimate | null;
  timeZone: string;
}) {
  const { t } = useTranslation('barbers');
  const locale = useLocaleStore((s) => s.locale);
  const language = useLocaleStore((s) => s.language);
  const when = barberAvailability(barber);
  const duty =
    when.kind === 'onDuty'
      ? t('picker.onDuty')
      : when.kind === 'due'
        ? t('picker.due', { time: formatTimeOfDay(when.since, locale, timeZone) })
        : when.kind === 'later'
          ? t('picker.from', { time: formatTimeOfDay(when.at, locale, timeZone) })
          : t('picker.done');
  const languages = barber.languages.length
    ? t('picker.speaks', { languages: spokenLanguages(barber.languages, language) })
    : null;
  return (
    <Option
      id={`${group}-${barber.id}`}
      group={group}
      value={String(barber.id)}
      checked={checked}
      onSelect={onSelect}
      name={barber.first_name}
      details={[duty, languages, barber.specialities || null].filter(Boolean).join(' · ')}
      onDuty={when.kind === 'onDuty'}
      estimate={choosable(barber) ? estimate : null}
      unavailable={!choosable(barber)}
      avatar={<BarberAvatar name={barber.first_name} photo={barber.photo} />}
    />
  );
}

function Option({
  id,
  group,
  value,
  checked,
  onSelect,
  name,
  details,
  estimate,
  avatar,
  onDuty,
  unavailable = false,
}: {
  id: string;
  group: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  name: string;
  details: string;
  estimate: ServiceTimeEstimate | null;
  avatar: ReactNode;
  onDuty?: boolean;
  unavailable?: boolean;
}) {
  const className = [
    'card',
    'barber-option',
    checked ? 'barber-option--selected' : '',
    unavailable ? 'barber-option--unavailable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className}>
      <label className="barber-option__label">
        <input
          type="radio"
          className="barber-option__radio"
          name={group}
          value={value}
          checked={checked}
          disabled={unavailable}
          onChange={onSelect}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-wait ${id}-details`}
        />
        {avatar}
        <span className="barber-option__text">
          <span id={`${id}-name`} className="barber-option__name">
            {name}
          </span>
          <span
            id={`${id}-details`}
            className={`barber-option__details${onDuty ? ' barber-option__details--on' : ''}`}
            dir="auto"
          >
            {details}
          </span>
        </span>
        <span id={`${id}-wait`} className="barber-option__wait">
          {unavailable ? null : (
            <QueueTimer minutes={estimate?.wait_time ?? null} range={estimate?.wait_range} />
          )}
        </span>
      </label>
    </li>
  );
}
