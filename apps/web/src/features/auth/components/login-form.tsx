// The login form: dial code and phone, password, remember-login. Reused by the login screen and
// the login dialog; reports the loaded profile on success.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CheckboxField, TextField } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import {
  loginSchema,
  MARKET_INFO,
  marketOfLocale,
  normalisePhone,
  type Profile,
} from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { PhoneField } from '../../account/components/phone-field';
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
    return message ? t(message) : undefined;
  };
  const wrongCredentials = errors.phone?.message === 'login.wrongCredentials';

  return (
    <form className="form login-form" onSubmit={(e) => void submit(e)} noValidate>
      <PhoneField
        label={t('login.phone')}
        dialCodeLabel={t('login.dialCode')}
        dialCode={form.register('dialCode')}
        phone={form.register('phone')}
        error={fieldError('phone')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={wrongCredentials ? undefined : fieldError('password')}
        aria-invalid={errors.password ? true : undefined}
        {...form.register('password')}
      />
      <CheckboxField label={t('login.remember')} {...form.register('rememberLogin')} />
      {errors.root?.message || wrongCredentials ? (
        <div className="form__error" role="alert">
          <p>{t(errors.root?.message ?? 'login.wrongCredentials')}</p>
          <p className="form__hint">{t('login.vpnHint')}</p>
        </div>
      ) : null}
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
