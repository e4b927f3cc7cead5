import { useState } from 'react';
import { Dialog } from '../../components/Dialog';

interface TabNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Asks for a tab's name, for a new tab or a rename. */
export function TabNameDialog({ open, title, submitLabel, initialName, onClose, onSubmit }: TabNameDialogProps) {
  const [name, setName] = useState(initialName);
  // Each opening starts from the name given.
  const [opened, setOpened] = useState({ open, initialName });
  if (opened.open !== open || opened.initialName !== initialName) {
    setOpened({ open, initialName });
    if (open) setName(initialName);
  }
  const problem = name.trim() === '' ? 'Give the tab a name.' : null;

  return (
    <Dialog
      title={title}
      open={open}
      onClose={onClose}
      className="dialog--narrow"
      onSubmit={() => {
        if (!problem) onSubmit(name.trim());
      }}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={problem !== null}>
            {submitLabel}
          </button>
        </>
      }
    >
      <label className="field">
        <span className="field__label">Tab name</span>
        <input
          className="input"
          value={name}
          maxLength={60}
          autoFocus
          aria-invalid={problem !== null}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
    </Dialog>
  );
}
