import { useEffect, useId, useState } from 'react';
import type { NewProject } from '../api/projects';
import { titleProblem } from '../pages/projectTitle';
import { ColorPicker, DEFAULT_PROJECT_COLOR } from './ColorPicker';
import { Dialog } from './Dialog';

interface ProjectFormDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's message when the last attempt failed, shown inside the dialog. */
  error: string | null;
  onSubmit: (project: NewProject) => void;
  onClose: () => void;
}

const EMPTY: NewProject = { title: '', description: '', color: DEFAULT_PROJECT_COLOR };

export function ProjectFormDialog({ open, busy, error, onSubmit, onClose }: ProjectFormDialogProps) {
  const [project, setProject] = useState<NewProject>(EMPTY);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const titleHintId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (open) {
      setProject(EMPTY);
      setTouched(false);
    }
  }, [open]);

  const problem = titleProblem(project.title);
  const showProblem = touched && problem !== null;

  const submit = () => {
    setTouched(true);
    if (problem || busy) return;
    onSubmit({ ...project, title: project.title.trim(), description: project.description.trim() });
  };

  return (
    <Dialog
      title="New project"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create project'}
          </button>
        </>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor={titleId}>
          Title
        </label>
        <input
          id={titleId}
          className="input"
          value={project.title}
          maxLength={50}
          autoFocus
          required
          aria-invalid={showProblem}
          aria-describedby={titleHintId}
          onChange={(event) => setProject({ ...project, title: event.target.value })}
          onBlur={() => setTouched(true)}
        />
        <p id={titleHintId} className={showProblem ? 'field__error' : 'field__hint'}>
          {showProblem ? problem : '3 to 50 characters.'}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className="input"
          rows={3}
          value={project.description}
          onChange={(event) => setProject({ ...project, description: event.target.value })}
        />
      </div>
      <ColorPicker value={project.color} onChange={(color) => setProject({ ...project, color })} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
