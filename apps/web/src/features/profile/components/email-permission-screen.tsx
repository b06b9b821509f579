// /profile/email-permission: whether the operator may send marketing email.
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../components/ui/link';
import { Loader } from '../../../components/ui/loader';
import { paths } from '../../../lib/paths';
import { ScreenHeader } from '../../account/components/screen-header';
import { useProfile } from '../../auth/api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { Toggle } from './toggle';

export function EmailPermissionScreen() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const update = useUpdateProfile();
  if (!profile.data) return <Loader />;
  const { email, allow_email: allowEmail } = profile.data;
  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('emailPermission.title')} fallback={paths.profile.href()} />
      <Toggle
        label={t('emailPermission.label')}
        description={t('emailPermission.description')}
        checked={update.isPending ? (update.variables.allow_email ?? allowEmail) : allowEmail}
        disabled={update.isPending || !email}
        onChange={(checked) => update.mutate({ allow_email: checked })}
      />
      {!email ? (
        <p className="notice">
          {t('emailPermission.needsEmail')}{' '}
          <Link to={paths.profileEmail.href()}>{t('email.title')}</Link>
        </p>
      ) : null}
      {update.isError ? (
        <p className="form__error" role="alert">
          {t('saveError')}
        </p>
      ) : null}
    </main>
  );
}
