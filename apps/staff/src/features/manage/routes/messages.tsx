// /manage/messages: write to one customer of the shop (by phone); the message lands in the
// customer's /profile/messages. Only the chain's operator may write to every customer of the
// market (the server refuses managers: issue 27); sending to everyone asks first.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, FormAlert, TextAreaField, TextField, useToast } from '@jono/ui';
import { MARKET_INFO, PHONE_MIN_LENGTH } from '@jono/contract';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useSession } from '../../../lib/session';
import { useSendMessage, type MessagePayload } from '../api/send-message';
import { textToHtml } from '../utils/text-to-html';

/** The message's limit as the contract sets it (the HTML the text becomes). */
const MESSAGE_MAX = 20_000;

export function MessagesRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const send = useSendMessage();
  const toast = useToast();
  const errorText = useErrorText();
  const [audience, setAudience] = useState<'one' | 'all'>('one');
  const [phone, setPhone] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const market = session?.market ?? 'fi';
  // The operator role comes with issue 33; until then no console session may write to everyone.
  const mayWriteToAll = (session?.staff.role as string | undefined) === 'operator';

  const [problem, setProblem] = useState<string | null>(null);

  /** The first field out of its limits (the contract's), named with its limit; null when none. */
  const check = (): string | null => {
    const between = (field: string, min: number, max: number) =>
      t('manage.limits.between', { field, min, max });
    const phoneText = phone.trim();
    if (audience === 'one' && (phoneText.length < PHONE_MIN_LENGTH || phoneText.length > 32))
      return between(t('manage.messages.phone'), PHONE_MIN_LENGTH, 32);
    if (title.trim() === '') return between(t('manage.messages.subject'), 1, 200);
    if (body.trim() === '' || textToHtml(body).length > MESSAGE_MAX)
      return between(t('manage.messages.body'), 1, MESSAGE_MAX);
    return null;
  };

  const deliver = () => {
    const payload: MessagePayload = {
      title: title.trim(),
      content: textToHtml(body),
      to: audience === 'all' ? 'all' : { phone: phone.trim() },
    };
    send.mutate(payload, {
      onSuccess: () => {
        toast({ message: t('manage.messages.sent') });
        setTitle('');
        setBody('');
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblem(found);
    if (found) return;
    if (audience === 'all') setConfirming(true);
    else deliver();
  };

  return (
    <section className="panel" aria-labelledby="messages-title">
      <h2 id="messages-title">{t('manage.messages.title')}</h2>
      <form className="stack" onSubmit={submit} noValidate>
        {mayWriteToAll && (
          <fieldset className="radio-row">
            <legend>{t('manage.messages.to')}</legend>
            <label>
              <input
                type="radio"
                name="audience"
                checked={audience === 'one'}
                onChange={() => setAudience('one')}
              />{' '}
              {t('manage.messages.one')}
            </label>
            <label>
              <input
                type="radio"
                name="audience"
                checked={audience === 'all'}
                onChange={() => setAudience('all')}
              />{' '}
              {t('manage.messages.all', { country: t(`markets.${market}`) })}
            </label>
          </fieldset>
        )}
        {audience === 'one' && (
          <TextField
            label={t('manage.messages.phone')}
            type="tel"
            required
            placeholder={MARKET_INFO[market].dialCode}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        )}
        <TextField
          label={t('manage.messages.subject')}
          required
          maxLength={200}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextAreaField
          label={t('manage.messages.body')}
          required
          rows={6}
          maxLength={MESSAGE_MAX}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <FormAlert>{problem ?? (send.error && errorText(send.error))}</FormAlert>
        <div className="row row--end">
          <button type="submit" className="button button--primary" disabled={send.isPending}>
            {t('manage.messages.send')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('manage.messages.confirmTitle')}
        description={t('manage.messages.confirmBody', { country: t(`markets.${market}`) })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('manage.messages.send')}
        onConfirm={() => {
          setConfirming(false);
          deliver();
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
