import { Dialog } from '../../components/Dialog';

interface UnsavedChangesDialogProps {
  open: boolean;
  /** What is unsaved, e.g. "the settings of “Review queue”". */
  what: string;
  onStay: () => void;
  onLeave: () => void;
}

/** Asked before leaving a page with unsaved changes; Stay comes first and takes focus. */
export function UnsavedChangesDialog({ open, what, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <Dialog
      title="Leave without saving?"
      open={open}
      onClose={onStay}
      onSubmit={onLeave}
      className="dialog--narrow"
      actions={
        <>
          <button type="button" className="button" onClick={onStay} autoFocus>
            Stay
          </button>
          <button type="submit" className="button button--danger">
            Discard and leave
          </button>
        </>
      }
    >
      <p>Your changes to {what} are not saved. Leaving discards them.</p>
    </Dialog>
  );
}
