interface FormDialogActionsProps {
  onCancel: () => void;
  /** A request is under way: the submit button is disabled and says so. */
  busy: boolean;
  label: string;
  /** What the submit button says while busy ("Saving…"). */
  busyLabel: string;
}

/** A form dialog's Cancel and submit buttons, the submit one primary and disabled while busy. */
export function FormDialogActions({ onCancel, busy, label, busyLabel }: FormDialogActionsProps) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
