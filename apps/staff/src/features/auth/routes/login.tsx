// /login: the console's front door.
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useOperatorSession } from '../../../lib/operator-session';
import { LanguageSelect } from '../components/language-select';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const operator = useOperatorSession();
  if (session) return <Navigate to={paths.board} replace />;
  if (operator) return <Navigate to={paths.operator} replace />;
  return (
    <main className="login">
      <div className="card login__card">
        <h1 className="login__title">
          <span className="brand">{t('common.brand')}</span> {t('login.title')}
        </h1>
        <p className="muted">{t('login.intro')}</p>
        <LoginForm
          onSignedIn={(kind) =>
            void navigate(kind === 'operator' ? paths.operator : paths.board, { replace: true })
          }
        />
        <LanguageSelect />
      </div>
    </main>
  );
}
