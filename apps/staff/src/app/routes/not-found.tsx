// Any unknown path inside /staff/.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="state">
      <h1>{t('notFound.title')}</h1>
      <Link to={paths.board}>{t('notFound.back')}</Link>
    </main>
  );
}
