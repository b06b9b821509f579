// An email form (section 5): the error shows only for a non-empty, invalid address while the field
// is not focused; saving is disabled while invalid (and, with a consent box, without consent).
// States idle, pending, fulfilled, rejected; typing after success returns to idle.
import { useState } from 'react';
import { Button, CheckboxField, FormAlert, TextField } from '@jono/ui';
import { useTranslation } from '../../../lib/use-translation';
import { emailSchema } from '@jono/contract';

export type EmailFormStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';

interface EmailFormProps {
  initialEmail?: string;
  label: string;
  placeholder: string;
  errorText: string;
  saveLabel: string;
  savedText: string;
  failedText: string;
  consentLabel?: string;
  onSave: (email: string, consent: boolean) => Promise<unknown>;
}

export const isValidEmail = (value: string) => emailSchema.safeParse(value).success;

export function EmailForm(props: EmailFormProps) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [focused, setFocused] = useState(false);
  const [consent, setConsent] = useState(true);
  const [status, setStatus] = useState<EmailFormStatus>('idle');
  const valid = isValidEmail(email);
  const showError = email.trim() !== '' && !valid && !focused;
  const withConsent = props.consentLabel !== undefined;
  const disabled = !valid || (withConsent && !consent) || status === 'pending';

  const submit = async () => {
    if (disabled) return;
    setStatus('pending');
    try {
      await props.onSave(email.trim(), consent);
      setStatus('fulfilled');
    } catch {
      setStatus('rejected');
    }
  };

  return (
    <form
      className="form email-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={props.label}
        type="email"
        autoComplete="email"
        placeholder={props.placeholder}
        value={email}
        error={showError ? props.errorText : undefined}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          setEmail(e.target.value);
          if (status === 'fulfilled' || status === 'rejected') setStatus('idle');
        }}
      />
      {withConsent ? (
        <CheckboxField
          label={props.consentLabel}
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
      ) : null}
      <Button type="submit" variant="primary" disabled={disabled} busy={status === 'pending'}>
        {status === 'pending' ? t('form.saving') : props.saveLabel}
      </Button>
      <div role="status" aria-live="polite">
        {status === 'fulfilled' ? (
          <p className="notice notice--success">{props.savedText}</p>
        ) : null}
      </div>
      <FormAlert>{status === 'rejected' && props.failedText}</FormAlert>
    </form>
  );
}
