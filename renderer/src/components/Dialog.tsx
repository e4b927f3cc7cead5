import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** When given, the body is a form and Enter submits it. */
  onSubmit?: () => void;
  children: ReactNode;
  actions: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: it traps focus, makes the page behind inert, and closes on
 * Escape, which is most of what an accessible modal needs.
 */
export function Dialog({ title, open, onClose, onSubmit, children, actions, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <form className="dialog__form" onSubmit={submit} noValidate>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <div className="dialog__body">{children}</div>
          <div className="dialog__actions">{actions}</div>
        </form>
      )}
    </dialog>
  );
}
