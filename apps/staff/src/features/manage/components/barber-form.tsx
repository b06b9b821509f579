// A barber as customers see them: first name, photo, languages spoken and a short line of
// specialities (in the market's language, English and any other written), and the staff account
// they sign in with, so they can sign themselves on duty.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, SelectField, TextField } from '@jono/ui';
import {
  BARBER_NAME_MAX,
  BARBER_SPECIALITIES_MAX,
  MARKET_INFO,
  staffBarberCreateSchema,
  type Market,
  type StaffBarber,
  type StaffMember,
} from '@jono/contract';
import { FormActions } from '../../../components/ui/form-actions';
import { intlLocale } from '../../../lib/i18n';
import type { BarberCreate } from '../api/barbers';
import {
  textsFrom,
  translationsFrom,
  TranslatedTexts,
  type TextSpec,
  type TextsByLanguage,
} from './translated-texts';

/** Languages offered as boxes to tick (BCP 47); a barber's other languages are kept and shown. */
export const BARBER_LANGUAGES = [
  'fi',
  'sv',
  'en',
  'et',
  'nb',
  'da',
  'de',
  'ru',
  'uk',
  'pl',
  'es',
  'fr',
  'tr',
  'ar',
  'fa',
  'so',
] as const;

const PHOTO_MAX = 500;

/** The name of a language in the console's language ("Finnish", "suomi"), else its code. */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

interface Props {
  existing: StaffBarber | null;
  market: Market;
  /** The shop's staff accounts a barber may sign in with. */
  accounts: readonly StaffMember[];
  pending: boolean;
  error: string | null;
  onSubmit: (value: BarberCreate) => void;
  onCancel: () => void;
}

type Problem = 'firstName' | 'photo' | 'specialities';

export function BarberForm({
  existing,
  market,
  accounts,
  pending,
  error,
  onSubmit,
  onCancel,
}: Props) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const own = MARKET_INFO[market].language;
  const [firstName, setFirstName] = useState(existing?.first_name ?? '');
  const [photo, setPhoto] = useState(existing?.photo ?? '');
  const [languages, setLanguages] = useState<string[]>(existing?.languages ?? []);
  const [staffId, setStaffId] = useState(existing?.staff_id ? String(existing.staff_id) : '');
  const [texts, setTexts] = useState<TextsByLanguage<'specialities'>>(() =>
    textsFrom(
      { specialities: existing?.specialities ?? '' },
      existing?.translations as Parameters<typeof textsFrom<'specialities'>>[1],
      own,
    ),
  );
  const [problem, setProblem] = useState<Problem | null>(null);

  const offered = [...BARBER_LANGUAGES, ...languages.filter((code) => !isOffered(code))];
  const toggle = (code: string) =>
    setLanguages((current) =>
      current.includes(code) ? current.filter((c) => c !== code) : [...current, code],
    );
  const fields: TextSpec<'specialities'>[] = [
    {
      key: 'specialities',
      label: t('manage.barbers.specialities'),
      maxLength: BARBER_SPECIALITIES_MAX,
    },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedPhoto = photo.trim();
    if (trimmedPhoto && !/^(https:\/\/\S+|\/\S+)$/.test(trimmedPhoto)) {
      setProblem('photo');
      return;
    }
    const candidate = {
      first_name: firstName.trim(),
      photo: trimmedPhoto || null,
      languages,
      specialities: texts[own]?.specialities.trim() ?? '',
      translations: translationsFrom(texts, own),
      staff_id: staffId ? Number(staffId) : null,
    };
    const parsed = staffBarberCreateSchema.safeParse(candidate);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? '');
      setProblem(
        field === 'first_name' ? 'firstName' : field === 'photo' ? 'photo' : 'specialities',
      );
      return;
    }
    setProblem(null);
    onSubmit(candidate);
  };

  const problemText =
    problem === 'firstName'
      ? t('manage.limits.between', {
          field: t('manage.barbers.firstName'),
          min: 1,
          max: BARBER_NAME_MAX,
        })
      : problem === 'photo'
        ? t('manage.barbers.invalidPhoto', { max: PHOTO_MAX })
        : problem === 'specialities'
          ? t('manage.limits.atMost', {
              field: t('manage.barbers.specialities'),
              max: BARBER_SPECIALITIES_MAX,
            })
          : null;

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="grid-2">
        <TextField
          label={t('manage.barbers.firstName')}
          required
          autoComplete="off"
          maxLength={BARBER_NAME_MAX}
          value={firstName}
          error={problem === 'firstName' ? (problemText ?? undefined) : undefined}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <TextField
          label={t('manage.barbers.photo')}
          hint={t('manage.barbers.photoHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={PHOTO_MAX}
          value={photo}
          error={problem === 'photo' ? (problemText ?? undefined) : undefined}
          onChange={(event) => setPhoto(event.target.value)}
        />
      </div>
      <fieldset className="choice-group">
        <legend>{t('manage.barbers.languages')}</legend>
        <div className="language-grid">
          {offered.map((code) => (
            <label key={code} className="choice__label">
              <input
                type="checkbox"
                checked={languages.includes(code)}
                onChange={() => toggle(code)}
              />
              <span lang={code}>{languageName(code, locale)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TranslatedTexts own={own} fields={fields} value={texts} onChange={setTexts} />
      <SelectField
        label={t('manage.barbers.account')}
        hint={t('manage.barbers.accountHint')}
        value={staffId}
        onChange={(event) => setStaffId(event.target.value)}
      >
        <option value="">{t('manage.barbers.noAccount')}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name} ({account.username})
          </option>
        ))}
      </SelectField>
      <FormAlert>{problemText ?? error}</FormAlert>
      <FormActions submitLabel={t('common.save')} pending={pending} onCancel={onCancel} />
    </form>
  );
}

function isOffered(code: string): boolean {
  return (BARBER_LANGUAGES as readonly string[]).includes(code);
}
