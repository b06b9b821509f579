// A staff account: name, role, and a username and password for a new one (or a new password).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, SelectField, TextField } from '@jono/ui';
import {
  staffAccountCreateSchema,
  type StaffMember,
  type StaffRole,
  TEXT_MAX,
} from '@jono/contract';

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
      // A message that names the field and its limit.
      setProblem(
        field === 'name'
          ? t('manage.limits.between', {
              field: t('manage.accounts.name'),
              min: 1,
              max: TEXT_MAX.staffName,
            })
          : field === 'password'
            ? t('manage.limits.between', {
                field: existing ? t('manage.accounts.newPassword') : t('manage.accounts.password'),
                min: 8,
                max: 200,
              })
            : t(`manage.accounts.invalid.${field}`, { defaultValue: t('errors.validation') }),
      );
      return;
    }
    setProblem(null);
    onSubmit({ ...value, username: value.username.trim(), name: value.name.trim() });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {!existing && (
        <TextField
          label={t('manage.accounts.username')}
          hint={t('manage.accounts.usernameHint')}
          autoCapitalize="none"
          autoComplete="off"
          required
          value={value.username}
          onChange={(event) => setValue({ ...value, username: event.target.value })}
        />
      )}
      <TextField
        label={t('manage.accounts.name')}
        required
        maxLength={TEXT_MAX.staffName}
        value={value.name}
        onChange={(event) => setValue({ ...value, name: event.target.value })}
      />
      <SelectField
        label={t('manage.accounts.role')}
        value={value.role}
        onChange={(event) => setValue({ ...value, role: event.target.value as StaffRole })}
      >
        <option value="barber">{t('roles.barber')}</option>
        <option value="manager">{t('roles.manager')}</option>
      </SelectField>
      <TextField
        label={existing ? t('manage.accounts.newPassword') : t('manage.accounts.password')}
        hint={existing ? t('manage.accounts.passwordKeep') : t('manage.accounts.passwordHint')}
        type="password"
        autoComplete="new-password"
        required={!existing}
        value={value.password}
        onChange={(event) => setValue({ ...value, password: event.target.value })}
      />
      <FormAlert>{problem ?? error}</FormAlert>
      <FormActions submitLabel={t('common.save')} pending={pending} onCancel={onCancel} />
    </form>
  );
}
