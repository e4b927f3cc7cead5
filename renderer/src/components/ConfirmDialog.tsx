import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  open: boolean;
  confirmLabel: string;
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A destructive action asked once more; Cancel comes first and takes focus, so Enter is safe. */
export function ConfirmDialog({
  title,
  open,
  confirmLabel,
  busy,
  busyLabel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      open={open}
      onClose={onCancel}
      onSubmit={onConfirm}
      className="dialog--narrow"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
