// /profile/credits: the member's credits, split into services, M Extra and products.
import { useTranslation } from '../../../lib/use-translation';
import { Loader } from '../../../components/ui/loader';
import { paths } from '../../../lib/paths';
import { ScreenHeader } from '../../account/components/screen-header';
import { useProfile } from '../../auth/api/get-profile';

export function CreditsScreen() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const membership = profile.data?.membership;
  const rows = membership
    ? [
        { label: t('credits.services'), value: membership.credits },
        { label: t('credits.mExtra'), value: membership.wp_prem_credits },
        { label: t('credits.products'), value: membership.wp_prod_credits },
      ]
    : [];
  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('credits.title')} fallback={paths.profile.href()} />
      {profile.isPending ? <Loader /> : null}
      {profile.data && !membership ? <p>{t('credits.none')}</p> : null}
      {membership ? (
        <dl className="credit-list">
          {rows.map((row) => (
            <div key={row.label} className="credit-list__row">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </main>
  );
}
