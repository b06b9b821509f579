// /bonus: the bonus screen in bonus countries, the teaser in teaser countries (FI), else home.
// The development flag shows the bonus screen everywhere, with the profile's bonus data.
import { Navigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { Loader } from '../../../components/ui/loader';
import { env } from '../../../config/env';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS } from '../../../lib/storage';
import { useProfile } from '../../auth/api/get-profile';
import { BonusScreen } from '../components/bonus-screen';
import { Teaser } from '../components/teaser';
import { bonusView } from '../utils/benefits';
import '../../account/account.css';
import '../bonus.css';

const devFlag = () => {
  try {
    return env.devMode || window.localStorage.getItem(STORAGE_KEYS.dev) === 'true';
  } catch {
    return env.devMode;
  }
};

export function BonusRoute() {
  const { t } = useTranslation('bonus');
  const locale = useLocale();
  const profile = useProfile();
  const view = devFlag() ? 'bonus' : bonusView(locale);
  if (view === 'none') return <Navigate to={paths.home.href()} replace />;
  return (
    <main className="screen account-screen bonus-screen">
      <h1>{t('title')}</h1>
      {!profile.data ? (
        <Loader />
      ) : view === 'bonus' ? (
        <BonusScreen bonus={profile.data.bonus} />
      ) : (
        <Teaser profile={profile.data} locale={locale} />
      )}
    </main>
  );
}
