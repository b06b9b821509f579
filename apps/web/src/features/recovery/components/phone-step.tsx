// Recovery step one: the phone number the code is sent to.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormAlert } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import { COUNTRIES, normalisePhone, resetTokenSchema } from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-store';
import { dialCodeOfLocale, PhoneField } from '../../account/components/phone-field';
import { useRequestResetToken } from '../api/recovery';
import { recoveryError, saveRecovery, type RecoveryRecord } from '../recovery-record';

const schema = z
  .object({ dialCode: z.string(), phone: z.string().trim().min(1, 'recovery.phoneError') })
  .superRefine((v, ctx) => {
    if (v.phone.trim() === '') return;
    const parsed = resetTokenSchema.shape.phone.safeParse(normalisePhone(v.phone, v.dialCode));
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'recovery.invalidPhone' });
    }
  });
type Values = z.infer<typeof schema>;

export function PhoneStep({ onSent }: { onSent: (record: RecoveryRecord) => void }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const request = useRequestResetToken();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { dialCode: dialCodeOfLocale(locale), phone: '' },
  });
  const { errors, isSubmitted, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const phone = normalisePhone(values.phone, values.dialCode);
    try {
      await request.mutateAsync({ phone });
    } catch (e) {
      const mapped =
        e instanceof ApiError ? recoveryError(e.code, e.message) : recoveryError('', '');
      form.setError(mapped.field === 'phone' ? 'phone' : 'root', { message: mapped.key });
      return;
    }
    const record: RecoveryRecord = {
      countryCode: COUNTRIES.find((c) => c.dial_code === values.dialCode)?.code ?? locale,
      phone,
      date: new Date().toISOString(),
    };
    saveRecovery(record);
    onSent(record);
  });

  const phoneError = isSubmitted ? errors.phone?.message : undefined;
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('recovery.phoneIntro')}</p>
      <PhoneField
        label={t('recovery.phone')}
        dialCodeLabel={t('form.dialCode')}
        dialCode={form.register('dialCode')}
        phone={form.register('phone')}
        error={phoneError ? t(phoneError) : undefined}
      />
      <FormAlert>{errors.root?.message && t(errors.root.message)}</FormAlert>
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {t('recovery.sendCode')}
      </Button>
    </form>
  );
}
