import { useEffect, useState } from 'react';
import type { NewProject } from '../api/projects';
import { titleProblem } from '../pages/projectTitle';
import { DEFAULT_PROJECT_COLOR } from './ColorPicker';
import { Dialog } from './Dialog';
import { ProjectBasicsFields } from './ProjectBasicsFields';

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
      <ProjectBasicsFields
        values={project}
        errors={showProblem && problem ? { title: problem } : {}}
        onChange={(change) => setProject({ ...project, ...change })}
        autoFocusTitle
        onTitleBlur={() => setTouched(true)}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
