// A modal dialog on the native <dialog>: focus moves in and is trapped, Escape and a tap on the
// backdrop close it, and focus returns to where it was when it closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  alert,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        const target = returnFocus.current;
        if (target instanceof HTMLElement) target.focus();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__body">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {description ? (
            <div id={descriptionId} className="dialog__description">
              {description}
            </div>
          ) : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      title={props.title}
      description={props.description}
      alert
    >
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={props.onConfirm}
          disabled={props.busy}
          aria-busy={props.busy}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
