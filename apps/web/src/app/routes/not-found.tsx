// The page-not-found screen with its link back home.
import { Link } from '../../components/ui/link';
import { useTranslation } from '../../lib/use-translation';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="screen screen--centered not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.root.href()}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
