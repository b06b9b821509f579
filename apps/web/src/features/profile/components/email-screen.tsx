// /profile/email: the current address as subtitle and a form to change it.
import { useTranslation } from '../../../lib/use-translation';
import { Loader } from '../../../components/ui/loader';
import { paths } from '../../../lib/paths';
import { EmailForm } from '../../account/components/email-form';
import { ScreenHeader } from '../../account/components/screen-header';
import { useProfile } from '../../auth/api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

export function EmailScreen() {
  const { t } = useTranslation(['profile', 'account']);
  const profile = useProfile();
  const update = useUpdateProfile();
  if (!profile.data) return <Loader />;
  const current = profile.data.email;
  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('email.title')} fallback={paths.profile.href()} />
      <p className="account-subtitle">{current ?? t('email.noEmail')}</p>
      <EmailForm
        initialEmail={current ?? ''}
        label={t('email.label')}
        placeholder={t('email.placeholder')}
        errorText={t('account:email.error')}
        saveLabel={t('email.save')}
        savedText={t('email.saved')}
        failedText={t('saveError')}
        onSave={(email) => update.mutateAsync({ email })}
      />
    </main>
  );
}
