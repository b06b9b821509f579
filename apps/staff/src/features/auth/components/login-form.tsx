// Staff sign-in: market (FI by default), username and password.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, SelectField, TextField } from '@jono/ui';
import { DEFAULT_MARKET, MARKETS, type Market } from '@jono/contract';
import { useErrorText } from '../../../components/ui/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';

export function LoginForm({ onSignedIn }: { onSignedIn: (kind: 'staff' | 'operator') => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const loginMutation = useLogin();
  const [market, setMarket] = useState<Market>(DEFAULT_MARKET);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    loginMutation.mutate(
      { market, username: username.trim(), password },
      { onSuccess: (answer) => onSignedIn('operator' in answer ? 'operator' : 'staff') },
    );
  };

  const error = loginMutation.error;
  const wrongPassword =
    isApiError(error) && (error.status === 401 || error.code === 'invalid_credentials');

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <SelectField
        label={t('login.market')}
        value={market}
        onChange={(event) => setMarket(event.target.value as Market)}
      >
        {MARKETS.map((code) => (
          <option key={code} value={code}>
            {t(`markets.${code}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('login.username')}
        autoComplete="username"
        autoCapitalize="none"
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormAlert>{error && (wrongPassword ? t('login.wrong') : errorText(error))}</FormAlert>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={loginMutation.isPending || !username.trim() || !password}
      >
        {loginMutation.isPending ? t('login.signingIn') : t('login.submit')}
      </button>
    </form>
  );
}
