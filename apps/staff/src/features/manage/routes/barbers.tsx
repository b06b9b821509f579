// /manage/barbers: the shop's barbers as customers see them; add one, edit, remove (asks first and
// says what happens to the customers waiting for them).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffBarber } from '@jono/contract';
import { Button, ConfirmDialog, Dialog, useToast } from '@jono/ui';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { intlLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAccounts } from '../api/accounts';
import {
  useBarbers,
  useBoardBarbers,
  useCreateBarber,
  useRemoveBarber,
  useUpdateBarber,
  type BarberCreate,
} from '../api/barbers';
import { BarberAvatar } from '../../../components/ui/barber-avatar';
import { BarberForm, languageName } from '../components/barber-form';

export function BarbersRoute() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const session = useSession();
  const barbers = useBarbers();
  const accounts = useAccounts();
  const board = useBoardBarbers();
  const create = useCreateBarber();
  const update = useUpdateBarber();
  const remove = useRemoveBarber();
  const toast = useToast();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<StaffBarber | 'new' | null>(null);
  const [removing, setRemoving] = useState<StaffBarber | null>(null);

  if (barbers.isPending) return <Loading />;
  if (barbers.isError) {
    return <ErrorState error={barbers.error} onRetry={() => void barbers.refetch()} />;
  }

  const close = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };
  const done = { onSuccess: () => (toast({ message: t('manage.saved') }), close()) };
  const submit = (value: BarberCreate) => {
    if (editing === 'new') create.mutate(value, done);
    else if (editing) {
      // The weekly template is edited on the rota page and stays as it is.
      update.mutate({ id: editing.id, patch: value }, done);
    }
  };
  const formError = create.error ?? update.error;
  const waitingFor = (id: number) =>
    board.data?.find((barber) => barber.id === id)?.waiting_order_ids.length ?? 0;
  const removingWaiting = removing ? waitingFor(removing.id) : 0;
  const editingName = editing && editing !== 'new' ? editing.first_name : '';

  return (
    <section className="panel" aria-labelledby="barbers-title">
      <div className="row">
        <h2 id="barbers-title" className="row__grow">
          {t('manage.barbers.title')}
        </h2>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('manage.barbers.add')}
        </button>
      </div>
      <p className="muted">{t('manage.barbers.intro')}</p>
      {barbers.data.items.length === 0 ? (
        <EmptyState>{t('manage.barbers.empty')}</EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('manage.barbers.firstName')}</th>
              <th scope="col">{t('manage.barbers.languages')}</th>
              <th scope="col">{t('manage.barbers.specialities')}</th>
              <th scope="col">{t('manage.barbers.duty')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('manage.services.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {barbers.data.items.map((barber) => (
              <tr key={barber.id}>
                <th scope="row">
                  <BarberAvatar name={barber.first_name} photo={barber.photo} />
                  <span dir="auto">{barber.first_name}</span>
                </th>
                <td>
                  {barber.languages.map((code) => languageName(code, locale)).join(', ') || '–'}
                </td>
                <td dir="auto">{barber.specialities || '–'}</td>
                <td>
                  {barber.on_duty && barber.chair !== null ? (
                    <span className="tag tag--here">
                      {t('manage.barbers.onDutyAt', { chair: barber.chair })}
                    </span>
                  ) : (
                    <span className="tag">{t('manage.barbers.offDuty')}</span>
                  )}
                </td>
                <td>
                  <div className="cell--actions">
                    <Button size="small" onClick={() => setEditing(barber)}>
                      {t('common.edit')}
                      <span className="visually-hidden"> {barber.first_name}</span>
                    </Button>
                    <button
                      type="button"
                      className="button button--small button--danger-ghost"
                      onClick={() => setRemoving(barber)}
                    >
                      {t('manage.barbers.remove')}
                      <span className="visually-hidden"> {barber.first_name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={removing !== null}
        danger
        busy={remove.isPending}
        title={t('manage.barbers.removeTitle', { name: removing?.first_name ?? '' })}
        description={[
          removingWaiting > 0
            ? t('manage.barbers.removeWaiting', {
                count: removingWaiting,
                name: removing?.first_name ?? '',
              })
            : t('manage.barbers.removeNobody', { name: removing?.first_name ?? '' }),
          removing?.on_duty ? t('manage.barbers.removeOnDuty') : '',
          t('manage.barbers.removeHistory'),
        ]
          .filter(Boolean)
          .join(' ')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('manage.barbers.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.first_name;
          setRemoving(null);
          remove.mutate(removing.id, {
            onSuccess: (answer) =>
              toast({
                message: t('manage.barbers.removed', { name, count: answer.released_orders }),
              }),
            onError: (error) => toast({ message: errorText(error), tone: 'error' }),
          });
        }}
      />
      <Dialog
        open={editing !== null}
        title={
          editing === 'new'
            ? t('manage.barbers.add')
            : t('manage.barbers.editTitle', { name: editingName })
        }
        onClose={close}
        className="dialog--wide"
      >
        {editing !== null && session && (
          <BarberForm
            existing={editing === 'new' ? null : editing}
            market={session.market}
            accounts={accounts.data?.items ?? []}
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
