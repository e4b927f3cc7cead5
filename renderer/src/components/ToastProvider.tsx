import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type Toast, type ToastApi, type ToastKind } from './toastContext';

/** Successes fade on their own; errors stay until dismissed so they can be read. */
const AUTO_DISMISS_MS = 5000;

type Holder = 'pointer' | 'focus';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  // A toast being read (pointer on it) or reached by keyboard (focus in it) does not fade under
  // the reader (WCAG 2.2.1); once both have left, it gets its full time again. The timer is
  // stopped in the event handler itself, not in a later effect, so no tick can slip in between.
  const timer = useRef<number | undefined>(undefined);
  const holders = useRef(new Set<Holder>());
  const stop = useCallback(() => window.clearTimeout(timer.current), []);
  const start = useCallback(() => {
    stop();
    if (toast.kind === 'error' || holders.current.size > 0) return;
    timer.current = window.setTimeout(() => onDismiss(toast.id), AUTO_DISMISS_MS);
  }, [toast, onDismiss, stop]);
  useEffect(() => {
    start();
    return stop;
  }, [start, stop]);
  const hold = (holder: Holder) => {
    holders.current.add(holder);
    stop();
  };
  const release = (holder: Holder) => {
    holders.current.delete(holder);
    start();
  };

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => hold('pointer')}
      onMouseLeave={() => release('pointer')}
      onFocus={() => hold('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) release('focus');
      }}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === 'error' ? '!' : toast.kind === 'success' ? '✓' : 'i'}
      </span>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((kind: ToastKind, message: string) => {
    const id = nextId.current++;
    // Keep the stack short: the oldest go first.
    setToasts((current) => [...current.slice(-3), { id, kind, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (message) => show('success', message), error: (message) => show('error', message) }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
