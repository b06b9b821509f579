// The login form as an overlay: closes on a link, the close button, the backdrop or success.
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import type { Profile } from '@jono/contract';
import { Dialog } from '@jono/ui';
import { paths } from '../../../lib/paths';
import { LoginForm } from './login-form';

interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  onSuccess: (profile: Profile) => void;
  description?: string;
}

export function LoginDialog({ open, onClose, onSuccess, description }: LoginDialogProps) {
  const { t } = useTranslation('auth');
  return (
    <Dialog open={open} onClose={onClose} title={t('login.title')} description={description}>
      <LoginForm onSuccess={onSuccess} />
      <p className="dialog__links">
        <Link to={paths.register.href()} onClick={onClose}>
          {t('login.register')}
        </Link>
        <Link to={paths.recovery.href()} onClick={onClose}>
          {t('login.forgotPassword')}
        </Link>
      </p>
    </Dialog>
  );
}
