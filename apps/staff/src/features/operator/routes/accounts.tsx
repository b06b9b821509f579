// /operator/accounts: the chain operator's list of a market's operator accounts, with a form to
// add one, a new password for each, and removal (server: /operator/accounts/, chain only).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PASSWORD_MIN_LENGTH,
  okAnswerSchema,
  operatorAccountSchema,
  operatorAccountsSchema,
  type Market,
  type OperatorAccount,
} from '@jono/contract';
import type { OperatorSession } from '../../../lib/operator-session';
import { operatorRequest } from '../api/client';

export function AccountsRoute() {
  const { t } = useTranslation();
  const session = useOutletContext<OperatorSession>();
  const [market, setMarket] = useState<Market>(session.market);
  const [status, setStatus] = useState('');
  const queryClient = useQueryClient();
  const key = ['operator-accounts', market];
  const chain = session.operator.markets.length > 1;
  const accounts = useQuery({
    queryKey: key,
    // A market operator would only be refused (403).
    enabled: chain,
    queryFn: () =>
      operatorRequest(market, '/operator/accounts/', { schema: operatorAccountsSchema }),
  });
  const done = (message: string) => {
    setStatus(message);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const failed = () => setStatus(t('operator.accounts.failed'));
  const create = useMutation({
    mutationFn: (body: { username: string; name: string; password: string }) =>
      operatorRequest(market, '/operator/accounts/', {
        method: 'POST',
        body,
        schema: operatorAccountSchema,
      }),
    onSuccess: (a) => done(t('operator.accounts.created', { username: a.username })),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (a: OperatorAccount) =>
      operatorRequest(market, `/operator/accounts/${a.id}/`, {
        method: 'DELETE',
        schema: okAnswerSchema,
      }),
    onSuccess: (_, a) => done(t('operator.accounts.removed', { username: a.username })),
    onError: failed,
  });
  const reset = useMutation({
    mutationFn: ({ a, password }: { a: OperatorAccount; password: string }) =>
      operatorRequest(market, `/operator/accounts/${a.id}/password/`, {
        method: 'POST',
        body: { password },
        schema: okAnswerSchema,
      }),
    onSuccess: (_, { a }) => done(t('operator.accounts.passwordSet', { username: a.username })),
    onError: failed,
  });

  if (!chain) {
    return (
      <div className="page">
        <h1>{t('operator.accounts.title')}</h1>
        <p>{t('operator.accounts.chainOnly')}</p>
      </div>
    );
  }

  const onCreate = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.mutate({
      username: String(form.get('username') ?? ''),
      name: String(form.get('name') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    e.currentTarget.reset();
  };

  return (
    <div className="page">
      <h1>{t('operator.accounts.title')}</h1>
      <label className="field">
        <span>{t('operator.accounts.market')}</span>
        <select value={market} onChange={(e) => setMarket(e.target.value as Market)}>
          {session.operator.markets.map((m) => (
            <option key={m} value={m}>
              {t(`markets.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <p role="status" aria-live="polite">
        {status}
      </p>
      <section aria-labelledby="accounts-list">
        <h2 id="accounts-list">{t('operator.accounts.list')}</h2>
        {accounts.data?.length === 0 && <p className="muted">{t('operator.accounts.none')}</p>}
        <ul className="accounts-list">
          {accounts.data?.map((a) => (
            <li key={a.id} className="card">
              <strong>{a.name}</strong> <span className="muted">{a.username}</span>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const password = String(new FormData(e.currentTarget).get('password') ?? '');
                  reset.mutate({ a, password });
                  e.currentTarget.reset();
                }}
              >
                <label className="field">
                  <span>{t('operator.accounts.newPasswordFor', { username: a.username })}</span>
                  <input
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    minLength={PASSWORD_MIN_LENGTH}
                    required
                  />
                </label>
                <button type="submit" className="button button--ghost">
                  {t('operator.accounts.setPassword')}
                </button>
              </form>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  if (
                    window.confirm(t('operator.accounts.confirmRemove', { username: a.username }))
                  )
                    remove.mutate(a);
                }}
              >
                {t('operator.accounts.remove', { username: a.username })}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="accounts-new">
        <h2 id="accounts-new">{t('operator.accounts.add')}</h2>
        <form onSubmit={onCreate}>
          <label className="field">
            <span>{t('operator.accounts.username')}</span>
            <input
              name="username"
              autoComplete="off"
              pattern="[a-z0-9][a-z0-9._\-]{2,39}"
              required
            />
          </label>
          <label className="field">
            <span>{t('operator.accounts.name')}</span>
            <input name="name" maxLength={80} required />
          </label>
          <label className="field">
            <span>{t('operator.accounts.password')}</span>
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              required
            />
          </label>
          <button type="submit" className="button">
            {t('operator.accounts.create')}
          </button>
        </form>
      </section>
    </div>
  );
}
