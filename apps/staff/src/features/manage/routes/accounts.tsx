// /manage/accounts: the shop's barbers and managers; add one, rename, change role or password.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@jono/contract';
import { Button, ConfirmDialog, Dialog, useToast } from '@jono/ui';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useSession } from '../../../lib/session';
import { useAccounts, useCreateAccount, useRemoveAccount, useUpdateAccount } from '../api/accounts';
import { AccountForm, type AccountValue } from '../components/account-form';

export function AccountsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const accounts = useAccounts();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const remove = useRemoveAccount();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const toast = useToast();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);

  if (accounts.isPending) return <Loading />;
  if (accounts.isError) {
    return <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;
  }

  const close = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };
  const done = { onSuccess: () => (toast({ message: t('manage.saved') }), close()) };
  const submit = (value: AccountValue) => {
    if (editing === 'new') create.mutate(value, done);
    else if (editing) {
      update.mutate(
        {
          id: editing.id,
          patch: {
            name: value.name,
            role: value.role,
            ...(value.password ? { password: value.password } : {}),
          },
        },
        done,
      );
    }
  };
  const formError = create.error ?? update.error;

  return (
    <section className="panel" aria-labelledby="accounts-title">
      <div className="row">
        <h2 id="accounts-title" className="row__grow">
          {t('manage.accounts.title')}
        </h2>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('manage.accounts.add')}
        </button>
      </div>
      {accounts.data.items.length === 0 ? (
        <EmptyState>{t('manage.accounts.empty')}</EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('manage.accounts.name')}</th>
              <th scope="col">{t('manage.accounts.username')}</th>
              <th scope="col">{t('manage.accounts.role')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('manage.services.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.data.items.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.name}
                  {member.id === session?.staff.id && (
                    <span className="tag">{t('manage.accounts.you')}</span>
                  )}
                </th>
                <td>{member.username}</td>
                <td>{t(`roles.${member.role}`)}</td>
                <td className="cell--actions">
                  <Button size="small" onClick={() => setEditing(member)}>
                    {t('common.edit')}
                    <span className="visually-hidden"> {member.name}</span>
                  </Button>
                  {member.id !== session?.staff.id && (
                    <button
                      type="button"
                      className="button button--small button--danger-ghost"
                      onClick={() => setRemoving(member)}
                    >
                      {t('manage.accounts.remove')}
                      <span className="visually-hidden"> {member.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={removing !== null}
        danger
        title={t('manage.accounts.removeTitle', { name: removing?.name ?? '' })}
        description={t('manage.accounts.removeBody')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('manage.accounts.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.name;
          setRemoving(null);
          remove.mutate(removing.id, {
            onSuccess: () => toast({ message: t('manage.accounts.removed', { name }) }),
            onError: (error) => toast({ message: errorText(error), tone: 'error' }),
          });
        }}
      />
      <Dialog
        open={editing !== null}
        title={
          editing === 'new'
            ? t('manage.accounts.add')
            : t('manage.accounts.editTitle', { name: editing?.name ?? '' })
        }
        onClose={close}
      >
        {editing !== null && (
          <AccountForm
            existing={editing === 'new' ? null : editing}
            pending={create.isPending || update.isPending}
            error={formError ? errorText(formError) : null}
            onSubmit={submit}
            onCancel={close}
          />
        )}
      </Dialog>
    </section>
  );
}
