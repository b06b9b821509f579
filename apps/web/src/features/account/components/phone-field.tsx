// A phone number with its dial code (the list of countries, defaulting from the locale).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { COUNTRIES, DEFAULT_DIAL_CODE, type Locale } from '@jono/contract';

export const dialCodeOfLocale = (locale: Locale): string =>
  COUNTRIES.find((c) => c.code === locale)?.dial_code ?? DEFAULT_DIAL_CODE;

interface PhoneFieldProps {
  id: string;
  label: string;
  dialCode: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  error?: string;
}

export function PhoneField({ id, label, dialCode, phone, error }: PhoneFieldProps) {
  const { t } = useTranslation('account');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="phone-input">
        <select aria-label={t('form.dialCode')} className="phone-input__dial" {...dialCode}>
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.dial_code}>
              {`${country.code} ${country.dial_code}`}
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...phone}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}
