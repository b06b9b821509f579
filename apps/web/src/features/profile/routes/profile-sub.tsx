// The profile's own screens, by path: /profile/{credits,messages,history,email,email-permission,
// notifications,password,language}.
import { useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { CreditsScreen } from '../components/credits-screen';
import { EmailPermissionScreen } from '../components/email-permission-screen';
import { EmailScreen } from '../components/email-screen';
import { HistoryScreen } from '../components/history-screen';
import { LanguageScreen } from '../components/language-screen';
import { MessagesScreen } from '../components/messages-screen';
import { NotificationsScreen } from '../components/notifications-screen';
import { PasswordScreen } from '../components/password-screen';
import '../../account/account.css';

const SCREENS: Record<string, () => React.JSX.Element> = {
  [paths.profileCredits.path]: CreditsScreen,
  [paths.profileMessages.path]: MessagesScreen,
  [paths.profileHistory.path]: HistoryScreen,
  [paths.profileEmail.path]: EmailScreen,
  [paths.profileEmailPermission.path]: EmailPermissionScreen,
  [paths.profileNotifications.path]: NotificationsScreen,
  [paths.profilePassword.path]: PasswordScreen,
  [paths.profileLanguage.path]: LanguageScreen,
};

export function ProfileSubRoute() {
  const { pathname } = useLocation();
  const Screen = SCREENS[pathname.replace(/\/$/, '')] ?? LanguageScreen;
  return <Screen />;
}
