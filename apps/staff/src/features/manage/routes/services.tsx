// /manage/services: services by group, each with its extras; add, edit, hide and show again;
// rename a group. Every text a customer sees is edited in each language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { staffServiceGroupSchema, staffServiceSchema } from '@jono/contract';
import type { z } from 'zod';
import { Dialog, useToast } from '@jono/ui';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { formatMoney } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCreateService, useServices, useUpdateGroup, useUpdateService } from '../api/services';
import { GroupForm } from '../components/group-form';
import { ServiceForm } from '../components/service-form';

type Item = z.infer<typeof staffServiceSchema>;
type Group = z.infer<typeof staffServiceGroupSchema>;
type Editing =
  | { kind: 'edit'; item: Item }
  | { kind: 'group'; group: Group }
  | { kind: 'new-service'; groupId: number }
  | { kind: 'new-extra'; parent: Item };

export function ServicesRoute() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const market = session?.market ?? 'fi';
  const locale = intlLocale(i18n.language);
  const list = useServices();
  const create = useCreateService();
  const update = useUpdateService();
  const updateGroup = useUpdateGroup();
  const toast = useToast();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<Editing | null>(null);

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const byOrder = (a: Item, b: Item) => a.display_order - b.display_order || a.id - b.id;
  const close = () => {
    setEditing(null);
    create.reset();
    update.reset();
    updateGroup.reset();
  };

  const setActive = (item: Item, active: boolean) =>
    update.mutate(
      { id: item.id, patch: { active } },
      {
        onSuccess: () =>
          toast({
            message: t(active ? 'manage.services.shown' : 'manage.services.hidden', {
              name: item.title,
            }),
            action: {
              label: t('common.undo'),
              run: () => update.mutate({ id: item.id, patch: { active: !active } }),
            },
          }),
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );

  const row = (item: Item, extra: boolean) => (
    <tr key={item.id} className={item.active ? undefined : 'row--inactive'}>
      <th scope="row" className={extra ? 'cell--extra' : undefined}>
        {extra && <span className="muted">{t('manage.services.extraPrefix')} </span>}
        {item.title}
        {!item.active && <span className="tag">{t('manage.services.hiddenTag')}</span>}
      </th>
      <td>{t('common.minutes', { count: item.duration })}</td>
      <td>{formatMoney(item.price, market, locale)}</td>
      <td className="cell--actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => setEditing({ kind: 'edit', item })}
        >
          {t('common.edit')}
          <span className="visually-hidden"> {item.title}</span>
        </button>
        {!extra && (
          <button
            type="button"
            className="button button--small"
            onClick={() => setEditing({ kind: 'new-extra', parent: item })}
          >
            {t('manage.services.addExtra')}
            <span className="visually-hidden"> {item.title}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--small"
          disabled={update.isPending}
          onClick={() => setActive(item, !item.active)}
        >
          {item.active ? t('manage.services.hide') : t('manage.services.show')}
          <span className="visually-hidden"> {item.title}</span>
        </button>
      </td>
    </tr>
  );

  const { groups, items } = list.data;
  const services = items.filter((item) => item.parent_service_id === null).sort(byOrder);
  const submitting = create.isPending || update.isPending || updateGroup.isPending;
  const formError = create.error ?? update.error ?? updateGroup.error;
  const saved = { onSuccess: () => (toast({ message: t('manage.saved') }), close()) };

  return (
    <section className="stack" aria-labelledby="services-title">
      <h2 id="services-title">{t('manage.services.title')}</h2>
      {groups.length === 0 && <EmptyState>{t('manage.services.empty')}</EmptyState>}
      {groups.map((group) => (
        <div key={group.id} className="panel">
          <div className="row">
            <h3 className="row__grow">{group.title}</h3>
            <button
              type="button"
              className="button"
              onClick={() => setEditing({ kind: 'group', group })}
            >
              {t('manage.services.editGroup')}
              <span className="visually-hidden"> {group.title}</span>
            </button>
            <button
              type="button"
              className="button"
              onClick={() => setEditing({ kind: 'new-service', groupId: group.id })}
            >
              {t('manage.services.addService')}
              <span className="visually-hidden"> {group.title}</span>
            </button>
          </div>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('manage.services.name')}</th>
                <th scope="col">{t('manage.services.duration')}</th>
                <th scope="col">{t('manage.services.price')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('manage.services.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {services
                .filter((service) => service.group_id === group.id)
                .flatMap((service) => [
                  row(service, false),
                  ...items
                    .filter((item) => item.parent_service_id === service.id)
                    .sort(byOrder)
                    .map((extra) => row(extra, true)),
                ])}
            </tbody>
          </table>
        </div>
      ))}
      <Dialog
        open={editing !== null}
        title={
          editing?.kind === 'edit'
            ? t('manage.services.editTitle', { name: editing.item.title })
            : editing?.kind === 'group'
              ? t('manage.services.editGroupTitle', { name: editing.group.title })
              : editing?.kind === 'new-extra'
                ? t('manage.services.newExtraTitle', { name: editing.parent.title })
                : t('manage.services.newServiceTitle')
        }
        onClose={close}
      >
        {editing?.kind === 'group' && (
          <GroupForm
            market={market}
            pending={submitting}
            error={formError ? errorText(formError) : null}
            initial={editing.group}
            onCancel={close}
            onSubmit={(value) => updateGroup.mutate({ id: editing.group.id, patch: value }, saved)}
          />
        )}
        {editing && editing.kind !== 'group' && (
          <ServiceForm
            market={market}
            extra={
              editing.kind === 'new-extra' ||
              (editing.kind === 'edit' && editing.item.parent_service_id !== null)
            }
            pending={submitting}
            error={formError ? errorText(formError) : null}
            initial={
              editing.kind === 'edit'
                ? {
                    title: editing.item.title,
                    details: editing.item.details,
                    long_description: editing.item.long_description,
                    translations: editing.item.translations,
                    price: (editing.item.price / 100).toFixed(2),
                    duration: String(editing.item.duration),
                  }
                : { title: '', details: '', price: '', duration: '15' }
            }
            onCancel={close}
            onSubmit={(value) => {
              if (editing.kind === 'edit')
                update.mutate({ id: editing.item.id, patch: value }, saved);
              else if (editing.kind === 'new-extra')
                create.mutate({ ...value, parent_service_id: editing.parent.id }, saved);
              else create.mutate({ ...value, group_id: editing.groupId }, saved);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}
