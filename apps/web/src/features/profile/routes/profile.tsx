// /profile: the customer's name, phone and membership (ribbon for members), and the way to every
// profile screen: credits, messages with the unread badge, history, receipts, email, permissions,
// password, language, and logging out.
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import { Loader } from '../../../components/ui/loader';
import { useLocale } from '../../../lib/locale-store';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../auth/api/get-profile';
import { useMessages } from '../api/messages';
import { useServerLogout } from '../api/logout';
import { unreadCount } from '../utils/messages';
import '../../account/account.css';
import { IconChevronRight } from '@jono/ui';

export function ProfileRoute() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const navigate = useNavigate();
  const profile = useProfile();
  const messages = useMessages();
  const logout = useServerLogout();

  if (!profile.data) {
    return profile.isError ? (
      <main className="screen account-screen">
        <p className="form__error" role="alert">
          {t('loadError')}
        </p>
      </main>
    ) : (
      <Loader />
    );
  }
  const { firstname, lastname, phone, membership } = profile.data;
  const unread = unreadCount(messages.data?.items ?? []);

  const links: { to: string; label: string; badge?: number }[] = [
    ...(membership ? [{ to: paths.profileCredits.href(), label: t('links.credits') }] : []),
    {
      to: paths.profileMessages.href(),
      label: t('links.messages'),
      badge: unread,
    },
    { to: paths.profileHistory.href(), label: t('links.history') },
    { to: paths.receipt.href(), label: t('links.receipts') },
    { to: paths.profileEmail.href(), label: t('links.email') },
    { to: paths.profileEmailPermission.href(), label: t('links.emailPermission') },
    { to: paths.profileNotifications.href(), label: t('links.notifications') },
    { to: paths.profilePassword.href(), label: t('links.password') },
    { to: paths.profileLanguage.href(), label: t('links.language') },
  ];

  return (
    <main className="screen account-screen profile-screen">
      <section className="profile-card" aria-labelledby="profile-name">
        {membership ? (
          <p className={`profile-ribbon profile-ribbon--${membership.type}`}>
            {t(`membership.${membership.type}`)}
          </p>
        ) : null}
        <h1 id="profile-name">{`${firstname} ${lastname}`}</h1>
        <p className="profile-card__phone">{phone}</p>
        {membership ? (
          <p className="profile-card__membership">
            {t('membership.endDate', { date: formatDate(membership.end_date, locale) })}
          </p>
        ) : (
          <p className="profile-card__membership">{t('membership.none')}</p>
        )}
      </section>
      <nav aria-label={t('links.label')}>
        <ul className="profile-links">
          {links.map((link) => (
            <li key={link.to}>
              <Link className="profile-links__item" to={link.to}>
                <span>{link.label}</span>
                {link.badge ? (
                  <span className="count-badge">
                    <span aria-hidden="true">{link.badge}</span>
                    <span className="visually-hidden">
                      {t('messages.unread', { count: link.badge })}
                    </span>
                  </span>
                ) : null}
                <IconChevronRight className="profile-links__chevron" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          void logout().then(() =>
            navigate(paths.home.href(), { state: { transition: 'slide-left' } }),
          );
        }}
      >
        {t('logout')}
      </button>
    </main>
  );
}
