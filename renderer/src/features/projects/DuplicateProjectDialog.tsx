import { useState } from 'react';
import { Dialog } from '../../components/Dialog';

interface DuplicateProjectDialogProps {
  /** The project's title, or null when the dialog is closed. */
  title: string | null;
  onDuplicate: (withTasks: boolean) => void;
  onCancel: () => void;
}

/** Asks what the copy takes: the settings alone, or the tasks' data too (never the annotations). */
export function DuplicateProjectDialog({ title, onDuplicate, onCancel }: DuplicateProjectDialogProps) {
  const [withTasks, setWithTasks] = useState(false);
  // Each time the dialog opens it starts from the lighter choice.
  const [shownTitle, setShownTitle] = useState(title);
  if (shownTitle !== title) {
    setShownTitle(title);
    if (title !== null) setWithTasks(false);
  }
  return (
    <Dialog
      title="Duplicate project"
      open={title !== null}
      onClose={onCancel}
      onSubmit={() => onDuplicate(withTasks)}
      className="dialog--narrow"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Duplicate
          </button>
        </>
      }
    >
      <fieldset className="form-field">
        <legend>Copy the tasks of “{title}” too?</legend>
        <label>
          <input type="radio" name="duplicate-what" checked={!withTasks} onChange={() => setWithTasks(false)} />{' '}
          Settings only
        </label>
        <label>
          <input type="radio" name="duplicate-what" checked={withTasks} onChange={() => setWithTasks(true)} /> Settings
          and tasks (the task data, without annotations)
        </label>
      </fieldset>
    </Dialog>
  );
}
