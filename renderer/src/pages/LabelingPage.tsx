import { useEffect, useState } from 'react';
import { useApi } from '../api/apiContext';
import { getLabelingProject, whoAmI, type LabelingProject } from '../api/labeling';
import { listKnownBackends } from '../api/mlBackends';
import { LabelingWorkspace } from '../features/labeling/LabelingWorkspace';
import { ProjectNav } from '../features/projects/ProjectNav';
import type { LabelingBackend } from '../features/labeling/preAnnotation';
import { useProjectEditor } from '../features/labeling/useProjectEditor';
import type { EditorUser } from '../features/labeling/protocol';
import { loadShortcuts } from '../features/labeling/shortcuts';
import { routes } from '../router';
import '../styles/labeling.css';

type Base =
  | { kind: 'loading' }
  | { kind: 'ready'; project: LabelingProject; user: EditorUser; backends: LabelingBackend[] }
  | { kind: 'error'; message: string };

/** Labeling: a task from the data (`taskId`) or the label stream (`taskId` null). */
export function LabelingPage({
  projectId,
  taskId,
  selectedTasks,
}: {
  projectId: number;
  taskId: number | null;
  /** The label stream walks only these tasks (picked in the Data Manager). */
  selectedTasks?: readonly number[];
}) {
  const client = useApi();
  const [base, setBase] = useState<Base>({ kind: 'loading' });
  // Read once per page: the settings page is where they change.
  const [shortcuts] = useState(() => loadShortcuts(localStorage));
  // Which editor labels: known before the editor frame mounts, since the frame loads one or the other.
  const { editor, fallBack } = useProjectEditor(projectId);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      getLabelingProject(client, projectId, controller.signal),
      whoAmI(client, controller.signal),
      // Which predictions pre-label and whether a model suggests regions; labeling works without.
      listKnownBackends(client, projectId, controller.signal).catch((): LabelingBackend[] => []),
    ]).then(
      ([project, me, backends]) => {
        const user = { id: me.id, firstName: me.first_name, lastName: me.last_name, email: me.email };
        setBase({ kind: 'ready', project, user, backends });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setBase({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [client, projectId]);

  return (
    <div className="labeling-layout-page">
      <ProjectNav
        projectId={projectId}
        title={base.kind === 'ready' ? (base.project.title ?? '') : ''}
        current="labeling"
      />
      {(base.kind === 'loading' || (base.kind === 'ready' && !editor)) && <p role="status">Loading the project…</p>}
      {base.kind === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>The project could not be loaded: {base.message}</p>
          <a className="button" href={routes.projects}>
            Back to projects
          </a>
        </div>
      )}
      {base.kind === 'ready' && editor && (
        <LabelingWorkspace
          project={base.project}
          editor={editor}
          onEditorFilesFailed={fallBack}
          user={base.user}
          backends={base.backends}
          routeTaskId={taskId}
          selectedTasks={selectedTasks}
          shortcuts={shortcuts}
        />
      )}
    </div>
  );
}
