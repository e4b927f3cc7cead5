import { useState } from 'react';
import type { NewProject } from '../../api/projects';
import { titleProblem } from './projectTitle';
import { DEFAULT_PROJECT_COLOR } from '../../components/ColorPicker';
import { TemplatePicker, type TemplateChoice } from '../createProject/TemplatePicker';
import { useTemplateCatalog } from '../createProject/useTemplateCatalog';
import { Dialog } from '../../components/Dialog';
import { ProjectBasicsFields, type ProjectBasics } from './ProjectBasicsFields';
import { FormDialogActions } from '../../components/FormDialogActions';
import { FormError } from '../../components/FormError';

interface ProjectFormDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's message when the last attempt failed, shown inside the dialog. */
  error: string | null;
  onSubmit: (project: NewProject) => void;
  onClose: () => void;
}

const EMPTY: ProjectBasics = { title: '', description: '', color: DEFAULT_PROJECT_COLOR };

/** "New project": title, description and color beside the choice of a labeling template. */
export function ProjectFormDialog({ open, busy, error, onSubmit, onClose }: ProjectFormDialogProps) {
  const [basics, setBasics] = useState<ProjectBasics>(EMPTY);
  const [template, setTemplate] = useState<TemplateChoice>(null);
  const [touched, setTouched] = useState(false);
  const catalog = useTemplateCatalog(open);

  // Each opening starts from an empty form.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setBasics(EMPTY);
      setTemplate(null);
      setTouched(false);
    }
  }

  const problem = titleProblem(basics.title);
  const showProblem = touched && problem !== null;

  const submit = () => {
    setTouched(true);
    if (problem || busy) return;
    const project: NewProject = { ...basics, title: basics.title.trim(), description: basics.description.trim() };
    // Start empty leaves the config to the server's default, as Label Studio does.
    if (template) project.label_config = template.config;
    onSubmit(project);
  };

  return (
    <Dialog
      title="New project"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      className="dialog--wide"
      actions={
        <>
          <p className="create-project__summary muted" aria-live="polite">
            {template ? `Template: ${template.title}` : 'No template: start empty'}
          </p>
          <FormDialogActions onCancel={onClose} busy={busy} label="Create project" busyLabel="Creating…" />
        </>
      }
    >
      <div className="create-project">
        <div className="create-project__basics">
          <ProjectBasicsFields
            values={basics}
            errors={showProblem && problem ? { title: problem } : {}}
            onChange={(change) => setBasics({ ...basics, ...change })}
            autoFocusTitle
            onTitleBlur={() => setTouched(true)}
          />
          {template && !template.bundled_editor && (
            <p className="notice create-project__note">
              “{template.title}” uses tags that Outpost’s labeling editor does not show yet. You can still create the
              project, import and export its data.
            </p>
          )}
          {error && <FormError>{error}</FormError>}
        </div>
        <TemplatePicker load={catalog} value={template} onChange={setTemplate} />
      </div>
    </Dialog>
  );
}
