// /manage/devices: the shop's queue screen and door kiosk. Create a code (shown once, to type on
// the device at /display/{shop} or /kiosk/{shop}), revoke it (the device stops within seconds),
// and choose whether the screen shows first names or numbers, and how long a late customer's
// spot is held.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_INFO, type Device, type DeviceCreated, type DeviceKind } from '@jono/contract';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { ConfirmDialog, Dialog, useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useSession } from '../../../lib/session';
import {
  useCreateDevice,
  useDevices,
  useRevokeDevice,
  useUpdatePresenceSettings,
} from '../api/devices';

export function DevicesRoute() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const devices = useDevices();
  const create = useCreateDevice();
  const revoke = useRevokeDevice();
  const settings = useUpdatePresenceSettings();
  const toast = useToast();
  const errorText = useErrorText();
  const [kind, setKind] = useState<DeviceKind>('display');
  const [label, setLabel] = useState('');
  const [labelProblem, setLabelProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<DeviceCreated | null>(null);
  const [revoking, setRevoking] = useState<Device | null>(null);

  if (devices.isPending) return <Loading />;
  if (devices.isError) {
    return <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />;
  }
  const shopId = session?.staff.pob_id ?? 0;
  const origin = window.location.origin;
  const deviceUrl = (k: DeviceKind) => `${origin}/${k}/${shopId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A message that names the field and its limit (deviceCreateSchema), not a greyed-out button.
    if (!label.trim()) {
      setLabelProblem(
        t('manage.limits.between', { field: t('manage.devices.label'), min: 1, max: 60 }),
      );
      return;
    }
    setLabelProblem(null);
    create.mutate(
      { kind, label: label.trim() },
      {
        onSuccess: (device) => {
          setCreated(device);
          setLabel('');
        },
      },
    );
  };
  const saveSetting = (patch: Parameters<typeof settings.mutate>[0]) =>
    settings.mutate(patch, {
      onSuccess: () => toast({ message: t('manage.saved') }),
      onError: (error) => toast({ message: errorText(error), tone: 'error' }),
    });

  return (
    <section className="panel" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('manage.devices.title')}</h2>
      <p>
        {t('manage.devices.intro', { display: deviceUrl('display'), kiosk: deviceUrl('kiosk') })}
      </p>

      <form className="stack" onSubmit={submit}>
        <fieldset className="radio-row">
          <legend>{t('manage.devices.kind')}</legend>
          {(['display', 'kiosk'] as const).map((k) => (
            <label key={k}>
              <input
                type="radio"
                name="device-kind"
                checked={kind === k}
                onChange={() => setKind(k)}
              />{' '}
              {t(`manage.devices.kinds.${k}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="device-label">{t('manage.devices.label')}</label>
          <input
            id="device-label"
            value={label}
            maxLength={60}
            aria-invalid={labelProblem !== null || undefined}
            aria-describedby={labelProblem ? 'device-label-error' : undefined}
            placeholder={t('manage.devices.labelPlaceholder')}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        {labelProblem && (
          <p id="device-label-error" className="form-error" role="alert">
            {labelProblem}
          </p>
        )}
        {create.isError && (
          <p className="form-error" role="alert">
            {errorText(create.error)}
          </p>
        )}
        <div>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {t('manage.devices.create')}
          </button>
        </div>
      </form>

      {devices.data.items.length === 0 ? (
        <EmptyState>{t('manage.devices.empty')}</EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('manage.devices.label')}</th>
              <th scope="col">{t('manage.devices.kind')}</th>
              <th scope="col">{t('manage.devices.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('manage.services.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.data.items.map((d) => (
              <tr key={d.id}>
                <th scope="row">{d.label}</th>
                <td>{t(`manage.devices.kinds.${d.kind}`)}</td>
                <td>
                  {d.revoked_at
                    ? t('manage.devices.revokedAt', {
                        // The shop's clock, not the tablet's.
                        date: new Date(d.revoked_at).toLocaleString(i18n.language, {
                          timeZone: MARKET_INFO[session?.market ?? 'fi'].timeZone,
                        }),
                      })
                    : t('manage.devices.working')}
                </td>
                <td className="cell--actions">
                  {!d.revoked_at && (
                    <button
                      type="button"
                      className="button button--small button--danger-ghost"
                      onClick={() => setRevoking(d)}
                    >
                      {t('manage.devices.revoke')}
                      <span className="visually-hidden"> {d.label}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>{t('manage.devices.settingsTitle')}</h3>
      <fieldset className="radio-row">
        <legend>{t('manage.devices.names')}</legend>
        {(['first_name', 'number'] as const).map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="display-names"
              checked={devices.data.display_names === n}
              disabled={settings.isPending}
              onChange={() => saveSetting({ display_names: n })}
            />{' '}
            {t(`manage.devices.namesOption.${n}`)}
          </label>
        ))}
      </fieldset>
      <GraceField
        value={devices.data.hold_grace_minutes}
        busy={settings.isPending}
        onSave={(minutes) => saveSetting({ hold_grace_minutes: minutes })}
      />

      <Dialog
        open={created !== null}
        title={t('manage.devices.createdTitle')}
        onClose={() => setCreated(null)}
      >
        {created && (
          <div className="stack">
            <p>{t('manage.devices.createdBody', { url: deviceUrl(created.kind) })}</p>
            <p className="device-code" aria-label={t('manage.devices.code')}>
              <code>{created.code}</code>
            </p>
            <p>{t('manage.devices.createdOnce')}</p>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        danger
        title={t('manage.devices.revokeTitle', { label: revoking?.label ?? '' })}
        description={t('manage.devices.revokeBody')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('manage.devices.revoke')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          setRevoking(null);
          revoke.mutate(revoking.id, {
            onSuccess: () => toast({ message: t('manage.devices.revoked') }),
            onError: (error) => toast({ message: errorText(error), tone: 'error' }),
          });
        }}
      />
    </section>
  );
}

function GraceField({
  value,
  busy,
  onSave,
}: {
  value: number;
  busy: boolean;
  onSave: (minutes: number) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(String(value));
  const minutes = Number(draft);
  // An empty field is not 0: Number('') would save 0 and say "Saved.".
  const valid = draft.trim() !== '' && Number.isInteger(minutes) && minutes >= 0 && minutes <= 60;
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(minutes);
      }}
    >
      <div className="field">
        <label htmlFor="hold-grace">{t('manage.devices.grace')}</label>
        <input
          id="hold-grace"
          type="number"
          min={0}
          max={60}
          value={draft}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : 'hold-grace-error'}
          onChange={(e) => setDraft(e.target.value)}
        />
        {valid ? null : (
          <p id="hold-grace-error" className="field__error" role="alert">
            {t('manage.devices.graceInvalid')}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="button button--secondary"
        disabled={!valid || busy || minutes === value}
      >
        {t('manage.devices.graceSave')}
      </button>
    </form>
  );
}
