// A staff account: name, role, and a username and password for a new one (or a new password).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffAccountCreateSchema, type StaffMember, type StaffRole } from '@jono/contract';

export interface AccountValue {
  username: string;
  name: string;
  role: StaffRole;
  password: string;
}

interface Props {
  existing: StaffMember | null;
  pending: boolean;
  error: string | null;
  onSubmit: (value: AccountValue) => void;
  onCancel: () => void;
}

export function AccountForm({ existing, pending, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState<AccountValue>({
    username: existing?.username ?? '',
    name: existing?.name ?? '',
    role: existing?.role ?? 'barber',
    password: '',
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      ...value,
      username: existing ? 'existing' : value.username.trim(),
      // An edit may keep the password: check the rest with a placeholder.
      password: existing && value.password === '' ? 'unchanged' : value.password,
    };
    const parsed = staffAccountCreateSchema.safeParse(candidate);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? '');
      setProblem(t(`manage.accounts.invalid.${field}`, { defaultValue: t('errors.validation') }));
      return;
    }
    setProblem(null);
    onSubmit({ ...value, username: value.username.trim(), name: value.name.trim() });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {!existing && (
        <div className="field">
          <label htmlFor="account-username">{t('manage.accounts.username')}</label>
          <input
            id="account-username"
            autoCapitalize="none"
            autoComplete="off"
            required
            aria-describedby="account-username-hint"
            value={value.username}
            onChange={(event) => setValue({ ...value, username: event.target.value })}
          />
          <small id="account-username-hint" className="muted">
            {t('manage.accounts.usernameHint')}
          </small>
        </div>
      )}
      <div className="field">
        <label htmlFor="account-name">{t('manage.accounts.name')}</label>
        <input
          id="account-name"
          required
          value={value.name}
          onChange={(event) => setValue({ ...value, name: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="account-role">{t('manage.accounts.role')}</label>
        <select
          id="account-role"
          value={value.role}
          onChange={(event) => setValue({ ...value, role: event.target.value as StaffRole })}
        >
          <option value="barber">{t('roles.barber')}</option>
          <option value="manager">{t('roles.manager')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="account-password">
          {existing ? t('manage.accounts.newPassword') : t('manage.accounts.password')}
        </label>
        <input
          id="account-password"
          type="password"
          autoComplete="new-password"
          required={!existing}
          aria-describedby="account-password-hint"
          value={value.password}
          onChange={(event) => setValue({ ...value, password: event.target.value })}
        />
        <small id="account-password-hint" className="muted">
          {existing ? t('manage.accounts.passwordKeep') : t('manage.accounts.passwordHint')}
        </small>
      </div>
      {(problem ?? error) && (
        <p className="form-error" role="alert">
          {problem ?? error}
        </p>
      )}
      <div className="row row--end">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
