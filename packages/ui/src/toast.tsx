// Short notices at the bottom of the screen, read out by screen readers, with an optional action
// (Undo). One at a time: a new notice replaces the last.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export interface Toast {
  message: string;
  tone?: 'info' | 'error' | 'success';
  action?: { label: string; run: () => void };
  /** Milliseconds before it hides; with an action it stays longer by default. */
  duration?: number;
}

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}

export function Toaster({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(null);
  const show = useCallback((next: Toast) => setToast({ ...next, key: Date.now() }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(
      () => setToast(null),
      toast.duration ?? (toast.action ? 10_000 : 4000),
    );
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toaster" role="status" aria-live="polite">
        {toast && (
          <div key={toast.key} className={`toast toast--${toast.tone ?? 'info'}`}>
            <span>{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className="button button--ghost button--small toast__action"
                onClick={() => {
                  toast.action?.run();
                  setToast(null);
                }}
              >
                {toast.action.label}
              </button>
            )}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
