// /profile/password: current, new and confirmation. Validation runs 100 ms after each change;
// errors show after a submit attempt, and from then on submitting waits for a valid form. On
// success the form gives way to a success message. Tracked as "Update Password".
import { useState } from 'react';
import { Button, TextField } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
import { passwordFormSchema, VALIDATION_DEBOUNCE_MS, type PasswordForm } from '@jono/contract';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ScreenHeader } from '../../account/components/screen-header';
import { useChangePassword } from '../api/change-password';

type Errors = Partial<Record<keyof PasswordForm, string>>;

export function validatePasswordForm(values: PasswordForm): Errors {
  const result = passwordFormSchema.safeParse(values);
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PasswordForm;
    errors[field] ??= issue.message;
  }
  return errors;
}

const FIELDS = [
  { name: 'current', label: 'password.current', autoComplete: 'current-password' },
  { name: 'password', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirm', label: 'password.confirm', autoComplete: 'new-password' },
] as const;

export function PasswordScreen() {
  const { t } = useTranslation(['profile', 'account']);
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordForm>({ current: '', password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  // Submit is disabled while the form is invalid (section 5), so a field's error shows once the
  // customer has left it, not only after an attempt.
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordForm, boolean>>>({});
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checked = useDebouncedValue(values, VALIDATION_DEBOUNCE_MS);
  const errors = validatePasswordForm(checked);
  const settled = checked === values;
  const valid = settled && Object.keys(errors).length === 0;

  const submit = async () => {
    setAttempted(true);
    if (Object.keys(validatePasswordForm(values)).length > 0) return;
    setFailure(null);
    try {
      await change.mutateAsync({ old_password: values.current, new_password: values.password });
      track('Update Password');
      setDone(true);
    } catch (e) {
      setFailure(
        e instanceof ApiError &&
          e.code !== 'invalid_credentials' &&
          e.code !== 'network' &&
          e.message
          ? e.message
          : t('account:updatePassword.genericErrorInfo'),
      );
    }
  };

  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('password.title')} fallback={paths.profile.href()} />
      {done ? (
        <div className="notice notice--success" role="status">
          <p className="notice__title">{t('password.successTitle')}</p>
          <p>{t('password.successInfo')}</p>
        </div>
      ) : (
        <>
          <p>{t('password.intro')}</p>
          {failure ? (
            <div className="form__error" role="alert">
              <p className="notice__title">{t('account:updatePassword.genericErrorTitle')}</p>
              <p>{failure}</p>
            </div>
          ) : null}
          <form
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {FIELDS.map((field) => {
              const message = attempted || touched[field.name] ? errors[field.name] : undefined;
              return (
                <TextField
                  key={field.name}
                  label={t(field.label)}
                  type="password"
                  autoComplete={field.autoComplete}
                  value={values[field.name]}
                  error={message ? t(`account:${message}`) : undefined}
                  onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                  onBlur={() => setTouched((t) => ({ ...t, [field.name]: true }))}
                />
              );
            })}
            <Button type="submit" variant="primary" disabled={!valid} busy={change.isPending}>
              {t('password.submit')}
            </Button>
          </form>
        </>
      )}
    </main>
  );
}
