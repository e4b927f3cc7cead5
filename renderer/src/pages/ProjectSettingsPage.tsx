import { ModelSection } from '../features/model/ModelSection';
import { ProjectNav } from '../features/projects/ProjectNav';
import { AnnotationSection } from '../features/settings/AnnotationSection';
import { GeneralSection } from '../features/settings/GeneralSection';
import { InstructionsSection } from '../features/settings/InstructionsSection';
import { LabelingSection } from '../features/settings/LabelingSection';
import { StorageSection } from '../features/storages/StorageSection';
import { useToasts } from '../components/toastContext';
import { routes } from '../router';
import { UnsavedChangesDialog } from '../features/settings/UnsavedChangesDialog';
import { useProjectSettings } from '../features/settings/useProjectSettings';
import { useUnsavedChangesGuard } from '../features/settings/useUnsavedChangesGuard';
import { FormError } from '../components/FormError';

/** A project's settings on one page: general, instructions, labeling interface, annotation, model, storage. */
export function ProjectSettingsPage({ projectId }: { projectId: number }) {
  const toasts = useToasts();
  const { load, errors, isSaving, isDirty, change, save, discard } = useProjectSettings(projectId);
  const guard = useUnsavedChangesGuard(isDirty);

  const submit = async () => {
    const title = load.status === 'ready' ? load.draft.title.trim() : '';
    if (await save()) toasts.success(`Saved the settings of “${title}”.`);
    else toasts.error('The settings were not saved: see the marked fields.');
  };

  if (load.status === 'loading') return <p role="status">Loading the project…</p>;
  if (load.status === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p>The project could not be loaded: {load.message}</p>
        <a className="button" href={routes.projects}>
          Back to projects
        </a>
      </div>
    );
  }

  const sectionProps = { settings: load.draft, errors, onChange: change };
  return (
    <section className="page settings-page" aria-labelledby="settings-heading">
      <ProjectNav projectId={projectId} title={load.saved.title} current="projectSettings" />
      <div className="page__header settings-page__header">
        <h1 id="settings-heading" className="page__title">
          Settings · {load.saved.title || 'Untitled project'}
        </h1>
        <div className="settings-page__actions">
          {isDirty && <span className="muted">Unsaved changes</span>}
          <button type="button" className="button" disabled={!isDirty || isSaving} onClick={discard}>
            Discard changes
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!isDirty || isSaving}
            title={isDirty ? undefined : 'Nothing to save: no setting has changed.'}
            onClick={() => void submit()}
          >
            {isSaving ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </div>
      {errors.form && <FormError>{errors.form}</FormError>}
      {/* Not a <form>: the template confirmation is a dialog with its own form inside. */}
      <div className="settings-form">
        <div className="settings-columns">
          <GeneralSection {...sectionProps} />
          <InstructionsSection {...sectionProps} />
        </div>
        <LabelingSection
          projectId={projectId}
          value={load.draft.label_config}
          savedValue={load.saved.label_config}
          saveError={errors.label_config}
          onChange={(label_config) => change({ label_config })}
        />
        <AnnotationSection {...sectionProps} />
        <ModelSection projectId={projectId} {...sectionProps} />
        <StorageSection projectId={projectId} />
      </div>
      <UnsavedChangesDialog
        open={guard.pendingHash !== null}
        what={`the settings of “${load.saved.title || 'Untitled project'}”`}
        onStay={guard.stay}
        onLeave={() => {
          discard();
          guard.leave();
        }}
      />
    </section>
  );
}
