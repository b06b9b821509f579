// /recovery: phone, then the SMS code and the new password, then success. A code asked for less
// than an hour ago (the stored recovery record) opens the second step directly.
import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import { track } from '../../../lib/analytics';
import { paths } from '../../../lib/paths';
import { ScreenHeader } from '../../account/components/screen-header';
import { PhoneStep } from '../components/phone-step';
import { ResetStep } from '../components/reset-step';
import { clearRecovery, readRecovery, type RecoveryRecord } from '../recovery-record';
import '../../account/account.css';

type Step =
  { name: 'phone'; error?: string } | { name: 'reset'; record: RecoveryRecord } | { name: 'done' };

export function RecoveryRoute() {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>(() => {
    const record = readRecovery();
    return record ? { name: 'reset', record } : { name: 'phone' };
  });

  return (
    <main className="screen account-screen recovery-screen">
      <ScreenHeader title={t('recovery.title')} fallback={paths.root.href()} />
      {step.name === 'phone' ? (
        <>
          {step.error ? (
            <p className="form__error" role="alert">
              {t(step.error)}
            </p>
          ) : null}
          <PhoneStep onSent={(record) => setStep({ name: 'reset', record })} />
        </>
      ) : null}
      {step.name === 'reset' ? (
        <ResetStep
          record={step.record}
          onDone={() => {
            clearRecovery();
            track('passwordRecovery');
            setStep({ name: 'done' });
          }}
          onPhoneRejected={(error) => {
            clearRecovery();
            setStep({ name: 'phone', error });
          }}
          onRestart={() => {
            clearRecovery();
            setStep({ name: 'phone' });
          }}
        />
      ) : null}
      {step.name === 'done' ? (
        <div className="notice notice--success" role="status">
          <p className="notice__title">{t('recovery.successTitle')}</p>
          <p>{t('recovery.successText')}</p>
          <Link className="button button--primary account-notice__button" to={paths.login.href()}>
            {t('recovery.toLogin')}
          </Link>
        </div>
      ) : null}
    </main>
  );
}
