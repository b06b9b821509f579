// /register: the registration form of section 5, the notice for existing customers and a way to
// /recovery. Errors show per field after the first submit attempt and follow every change and blur.
// Sending the form texts a code to the phone; the account is created with that code (issue 27).
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { Button, CheckboxField, TextField } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { dialCodeOfLocale, PhoneField } from '../../account/components/phone-field';
import { ScreenHeader } from '../../account/components/screen-header';
import { useLogin } from '../../auth/api/login';
import { useRegister, useRegisterCode } from '../api/register';
import {
  registrationFormSchema,
  toRegistrationPayload,
  type RegistrationFormValues,
} from '../registration-form-schema';
import '../../account/account.css';

type Failure =
  | { kind: 'conflict' }
  | { kind: 'failed'; serverErrors: string[] }
  /** A translation key of the account namespace. */
  | { kind: 'message'; key: string };

const CODE_LENGTH = 6;

/** The refusal of a code request or a code, as a translation key; null: not one of those. */
function codeRefusal(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  if (e.code === 'sms_budget') return 'register.smsBudget';
  if (e.code === 'rate_limited') return 'register.tooMany';
  return null;
}

export function RegisterRoute() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const registration = useRegister();
  const codeRequest = useRegisterCode();
  const login = useLogin();
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The details sent for a code: the code step is shown while set. */
  const [pending, setPending] = useState<ReturnType<typeof toRegistrationPayload> | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useForm<RegistrationFormValues>({
    resolver: zodResolver(registrationFormSchema),
    mode: 'all',
    defaultValues: {
      dialCode: dialCodeOfLocale(locale),
      phone: '',
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      terms_accepted: false,
      allow_email: false,
      allow_sms: true,
    },
  });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const error = (name: keyof RegistrationFormValues) => {
    const message = errors[name]?.message;
    return isSubmitted && message ? t(message) : undefined;
  };

  const sendCode = async (phone: string): Promise<boolean> => {
    try {
      await codeRequest.mutateAsync(phone);
      return true;
    } catch (e) {
      setFailure({ kind: 'message', key: codeRefusal(e) ?? 'register.codeNotSent' });
      track('error', { type: 'registration' });
      return false;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const payload = toRegistrationPayload(values);
    if (await sendCode(payload.phone)) {
      setCode('');
      setCodeError(null);
      setResent(false);
      setPending(payload);
    }
  });

  const resend = async () => {
    if (!pending) return;
    setFailure(null);
    if (await sendCode(pending.phone)) setResent(true);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    setFailure(null);
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) {
      setCodeError('register.codeError');
      return;
    }
    setCodeError(null);
    const payload = { ...pending, code: typed };
    try {
      await registration.mutateAsync(payload);
    } catch (e) {
      const refusal = codeRefusal(e);
      if (e instanceof ApiError && e.code === 'invalid_token') setCodeError('register.codeInvalid');
      else if (refusal) setFailure({ kind: 'message', key: refusal });
      else if (e instanceof ApiError && e.code === 'conflict') setFailure({ kind: 'conflict' });
      else {
        const serverErrors =
          e instanceof ApiError ? Object.values(e.fields ?? {}).concat(e.message) : [];
        setFailure({ kind: 'failed', serverErrors: serverErrors.filter(Boolean) });
      }
      track('error', { type: 'registration' });
      return;
    }
    track('registration');
    try {
      await login.mutateAsync({
        phone: payload.phone,
        password: payload.password,
        rememberLogin: true,
      });
      // A new customer sees the tutorial once (it sets tutorial_seen), then the shop list.
      void navigate(paths.tutorial.href(), { state: { transition: 'slide-right' } });
    } catch {
      void navigate(paths.login.href());
    }
  };

  const failureAlert = failure ? (
    <div className="form__error" role="alert">
      {failure.kind === 'conflict' ? (
        <>
          <p>{t('register.conflict')}</p>
          <Link to={paths.recovery.href()}>{t('register.toRecovery')}</Link>
        </>
      ) : failure.kind === 'message' ? (
        <p>{t(failure.key)}</p>
      ) : (
        <>
          <p>{t('register.failed')}</p>
          {failure.serverErrors.length > 0 ? (
            <>
              <p className="account-error-heading">{t('register.otherErrors')}</p>
              <ul>
                {failure.serverErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </div>
  ) : null;

  if (pending) {
    return (
      <main className="screen account-screen register-screen">
        <ScreenHeader title={t('register.title')} fallback={paths.root.href()} />
        <form className="form" onSubmit={(e) => void create(e)} noValidate>
          <p role="status">{t('register.codeIntro', { phone: pending.phone })}</p>
          <TextField
            label={t('register.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeError ? t(codeError) : undefined}
          />
          {resent ? <p role="status">{t('register.codeResent')}</p> : null}
          {failureAlert}
          <Button type="submit" variant="primary" busy={registration.isPending || login.isPending}>
            {registration.isPending ? t('register.submitting') : t('register.submit')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            busy={codeRequest.isPending}
            onClick={() => void resend()}
          >
            {t('register.resendCode')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setPending(null);
              setFailure(null);
            }}
          >
            {t('register.changeDetails')}
          </Button>
        </form>
      </main>
    );
  }

  return (
    <main className="screen account-screen register-screen">
      <ScreenHeader title={t('register.title')} fallback={paths.root.href()} />
      <p>{t('register.intro')}</p>
      <div className="notice">
        <p className="notice__title">{t('register.existingTitle')}</p>
        <p>{t('register.existingText')}</p>
        <Link
          className="button button--secondary account-notice__button"
          to={paths.recovery.href()}
        >
          {t('register.toRecovery')}
        </Link>
      </div>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <PhoneField
          label={t('register.phone')}
          dialCodeLabel={t('form.dialCode')}
          dialCode={form.register('dialCode')}
          phone={form.register('phone')}
          error={error('phone')}
        />
        <TextField
          label={t('register.firstname')}
          autoComplete="given-name"
          error={error('firstname')}
          {...form.register('firstname')}
        />
        <TextField
          label={t('register.lastname')}
          autoComplete="family-name"
          error={error('lastname')}
          {...form.register('lastname')}
        />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          error={error('email')}
          {...form.register('email')}
        />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          error={error('password')}
          {...form.register('password')}
        />
        <CheckboxField
          label={t('register.terms')}
          error={error('terms_accepted')}
          {...form.register('terms_accepted')}
        />
        <CheckboxField label={t('register.allowEmail')} {...form.register('allow_email')} />
        <CheckboxField label={t('register.allowSms')} {...form.register('allow_sms')} />
        {failureAlert}
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {isSubmitting ? t('register.sendingCode') : t('register.sendCode')}
        </Button>
      </form>
    </main>
  );
}
