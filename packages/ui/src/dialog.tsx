// A modal dialog on the native <dialog>: focus moves in and is trapped, Escape and a tap on the
// backdrop close it, and focus returns to where it was when it closes. The close button's name
// comes from the app's UiLabelsProvider.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { IconClose } from './icons';
import { useUiLabels } from './labels';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Extra classes: `dialog--wide`, `dialog--fullscreen` or the screen's own. */
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
  const { close: closeLabel } = useUiLabels();

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
      className={className ? `dialog ${className}` : 'dialog'}
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
            <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
              <IconClose />
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

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  /** The confirm button in the danger colour (for what cannot be undone). */
  danger?: boolean;
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
        <Button onClick={props.onCancel}>{props.cancelLabel}</Button>
        <Button
          variant={props.danger ? 'danger' : 'primary'}
          onClick={props.onConfirm}
          busy={props.busy}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
