// Recovery step two: the code from the SMS and the new password twice.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormAlert, TextField } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import { isSecurePassword } from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/recovery';
import { recoveryError, type RecoveryRecord } from '../recovery-record';

export const resetFormSchema = z
  .object({
    token: z.string().trim().min(1, 'recovery.tokenError'),
    password: z
      .string()
      .min(1, 'recovery.passwordError')
      .refine((v) => v === '' || isSecurePassword(v), 'recovery.passwordWeak'),
    password_again: z.string(),
  })
  .refine((v) => v.password_again === v.password, {
    message: 'recovery.passwordMatch',
    path: ['password_again'],
  });
type Values = z.infer<typeof resetFormSchema>;

interface ResetStepProps {
  record: RecoveryRecord;
  onDone: () => void;
  onPhoneRejected: (messageKey: string) => void;
  onRestart: () => void;
}

export function ResetStep({ record, onDone, onPhoneRejected, onRestart }: ResetStepProps) {
  const { t } = useTranslation('account');
  const reset = useResetPassword();
  const form = useForm<Values>({
    resolver: zodResolver(resetFormSchema),
    mode: 'all',
    defaultValues: { token: '', password: '', password_again: '' },
  });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const error = (name: keyof Values) => {
    const message = errors[name]?.message;
    return isSubmitted && message ? t(message) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({
        phone: record.phone,
        token: values.token.trim(),
        password: values.password,
        password_again: values.password_again,
      });
      onDone();
    } catch (e) {
      const mapped =
        e instanceof ApiError ? recoveryError(e.code, e.message) : recoveryError('', '');
      if (mapped.field === 'phone') onPhoneRejected(mapped.key);
      else form.setError(mapped.field, { message: mapped.key });
    }
  });

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('recovery.codeIntro', { phone: record.phone })}</p>
      <TextField
        label={t('recovery.token')}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error('token')}
        {...form.register('token')}
      />
      <TextField
        label={t('recovery.password')}
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={error('password')}
        {...form.register('password')}
      />
      <TextField
        label={t('recovery.passwordAgain')}
        type="password"
        autoComplete="new-password"
        error={error('password_again')}
        {...form.register('password_again')}
      />
      <FormAlert>{errors.root?.message && t(errors.root.message)}</FormAlert>
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {t('recovery.submit')}
      </Button>
      <button type="button" className="link-button" onClick={onRestart}>
        {t('recovery.restart')}
      </button>
    </form>
  );
}
