// PLACEHOLDER: part 2 replaces the profile screens; this one only offers logout.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen';
import { useLogout } from '../../auth/hooks/use-logout';
import { paths } from '../../../lib/paths';

export function ProfileRoute() {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <PlaceholderScreen name="profile" fallback="/home">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          logout();
          void navigate(paths.home.href());
        }}
      >
        {t('placeholder.logout')}
      </button>
    </PlaceholderScreen>
  );
}

export function ProfileSubRoute() {
  return <PlaceholderScreen name="profile-sub" fallback="/profile" />;
}
