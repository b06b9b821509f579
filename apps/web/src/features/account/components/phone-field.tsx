// A phone number with its dial code (the list of countries, defaulting from the locale), on the
// shared field of @jono/ui.
import { Field } from '@jono/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { COUNTRIES, DEFAULT_DIAL_CODE, type Locale } from '@jono/contract';

export const dialCodeOfLocale = (locale: Locale): string =>
  COUNTRIES.find((c) => c.code === locale)?.dial_code ?? DEFAULT_DIAL_CODE;

interface PhoneFieldProps {
  label: string;
  dialCodeLabel: string;
  dialCode: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  error?: string;
}

export function PhoneField({ label, dialCodeLabel, dialCode, phone, error }: PhoneFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="phone-input">
          <select aria-label={dialCodeLabel} className="phone-input__dial" {...dialCode}>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.dial_code}>
                {`${country.code} ${country.dial_code}`}
              </option>
            ))}
          </select>
          <input {...control} type="tel" inputMode="tel" autoComplete="tel-national" {...phone} />
        </div>
      )}
    </Field>
  );
}
