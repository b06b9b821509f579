// The login form: dial code and phone, password, remember-login. Reused by the login screen and
// the login dialog; reports the loaded profile on success.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import {
  COUNTRIES,
  loginSchema,
  MARKET_INFO,
  marketOfLocale,
  normalisePhone,
  type Profile,
} from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { useLogin } from '../api/login';

const formSchema = z.object({
  dialCode: z.string(),
  phone: loginSchema.shape.phone,
  password: loginSchema.shape.password,
  rememberLogin: z.boolean(),
});
type LoginFormValues = z.infer<typeof formSchema>;

export function LoginForm({ onSuccess }: { onSuccess: (profile: Profile) => void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const id = useId();
  const login = useLogin();
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      dialCode: MARKET_INFO[marketOfLocale(locale)].dialCode,
      phone: '',
      password: '',
      rememberLogin: true,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const profile = await login.mutateAsync({
        phone: normalisePhone(values.phone, values.dialCode),
        password: values.password,
        rememberLogin: values.rememberLogin,
      });
      onSuccess(profile);
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'invalid_credentials' || error.status === 401)
      ) {
        form.setError('phone', { message: 'login.wrongCredentials' });
        form.setError('password', { message: 'login.wrongCredentials' });
      } else {
        form.setError('root', {
          message:
            error instanceof ApiError && error.code === 'rate_limited'
              ? 'login.rateLimited'
              : 'login.failed',
        });
      }
    }
  });

  const fieldError = (name: 'phone' | 'password') => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {t(message)}
      </p>
    ) : null;
  };
  const wrongCredentials = errors.phone?.message === 'login.wrongCredentials';

  return (
    <form className="form login-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t('login.phone')}</label>
        <div className="phone-input">
          <select
            aria-label={t('login.dialCode')}
            className="phone-input__dial"
            {...form.register('dialCode')}
          >
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.dial_code}>
                {`${country.code} ${country.dial_code}`}
              </option>
            ))}
          </select>
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
            {...form.register('phone')}
          />
        </div>
        {fieldError('phone')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('login.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          {...form.register('password')}
        />
        {wrongCredentials ? null : fieldError('password')}
      </div>
      <label className="checkbox">
        <input type="checkbox" {...form.register('rememberLogin')} />
        <span>{t('login.remember')}</span>
      </label>
      {errors.root?.message || wrongCredentials ? (
        <div className="form__error" role="alert">
          <p>{t(errors.root?.message ?? 'login.wrongCredentials')}</p>
          <p className="form__hint">{t('login.vpnHint')}</p>
        </div>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
