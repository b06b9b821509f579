// A form field: label, control, hint and error, wired for screen readers (the control names the
// hint and the error it shows with aria-describedby and is aria-invalid while it has an error).
// Field takes any control through a render function; TextField, SelectField, TextAreaField and
// CheckboxField are the common ones, and each passes its other props (and a ref, so a
// react-hook-form `register()` spreads straight in) to the control.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** What a control needs to be tied to its field. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldFrame {
  label: ReactNode;
  /** A translated error; shown below the control and announced with it. */
  error?: string;
  hint?: ReactNode;
  /** The control's id (one is made up when not given). */
  id?: string;
  className?: string;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

function useControl(id: string | undefined, error?: string, hint?: ReactNode) {
  const made = useId();
  const controlId = id ?? made;
  const describedBy = [hint ? `${controlId}-hint` : '', error ? `${controlId}-error` : '']
    .filter(Boolean)
    .join(' ');
  const control: ControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return control;
}

function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

export function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldFrame & { children: (control: ControlProps) => ReactNode }) {
  const control = useControl(id, error, hint);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={control.id}>{label}</label>
      {children(control)}
      <FieldNotes id={control.id} error={error} hint={hint} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  ref?: Ref<HTMLInputElement>;
};
type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  ref?: Ref<HTMLSelectElement>;
};
type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  ref?: Ref<HTMLTextAreaElement>;
};

/** The field's own props apart from the control's. */
function splitFrame<T extends FieldFrame>(props: T) {
  const { label, error, hint, id, className, ...control } = props;
  return [{ label, error, hint, id, className }, control] as const;
}

export function TextField(props: FieldFrame & InputProps) {
  const [frame, input] = splitFrame(props);
  return <Field {...frame}>{(control) => <input {...control} {...input} />}</Field>;
}

export function SelectField(props: FieldFrame & SelectProps) {
  const [frame, select] = splitFrame(props);
  return <Field {...frame}>{(control) => <select {...control} {...select} />}</Field>;
}

export function TextAreaField(props: FieldFrame & TextAreaProps) {
  const [frame, textarea] = splitFrame(props);
  return <Field {...frame}>{(control) => <textarea {...control} {...textarea} />}</Field>;
}

/** A checkbox with its label beside it, and its error below. */
export function CheckboxField(props: FieldFrame & Omit<InputProps, 'type'>) {
  const [{ label, error, hint, id, className }, input] = splitFrame(props);
  const control = useControl(id, error, hint);
  return (
    <div className={className ? `field field--check ${className}` : 'field field--check'}>
      <label className="checkbox">
        <input type="checkbox" {...control} {...input} />
        <span>{label}</span>
      </label>
      <FieldNotes id={control.id} error={error} hint={hint} />
    </div>
  );
}

/** A form's own error (not a field's), announced when it appears; nothing when empty. */
export function FormAlert({ children }: { children?: ReactNode }) {
  return children ? (
    <div className="form__error" role="alert">
      {children}
    </div>
  ) : null;
}
