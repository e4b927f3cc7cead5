import { useState } from 'react';
import { errorMessage } from '../api/queryLoad';
import { LabelingWorkspace } from '../features/labeling/LabelingWorkspace';
import { ProjectNav } from '../features/projects/ProjectNav';
import { useLabelingProject } from '../features/labeling/useLabelingProject';
import { useProjectEditor } from '../features/labeling/useProjectEditor';
import { loadLabelingPreferences } from '../features/labeling/labelingPreferences';
import { loadShortcuts } from '../features/labeling/shortcuts';
import { routes } from '../router';
import '../styles/labeling.css';

/** Labeling: a task from the data (`taskId`) or the label stream (`taskId` null). */
export function LabelingPage({
  projectId,
  taskId,
  selectedTasks,
  view,
}: {
  projectId: number;
  taskId: number | null;
  /** The label stream walks only these tasks (picked in the Data Manager). */
  selectedTasks?: readonly number[];
  /** The label stream walks this Data Manager tab's tasks, in its order. */
  view?: number;
}) {
  // Read once per page: the settings page is where they change.
  const [shortcuts] = useState(() => loadShortcuts(localStorage));
  const [preferences] = useState(() => loadLabelingPreferences(localStorage));
  // Which editor labels: known before the editor frame mounts, since the frame loads one or the other.
  const { editor, fallBack } = useProjectEditor(projectId);
  const query = useLabelingProject(projectId);
  const base = query.data
    ? ({ kind: 'ready', ...query.data } as const)
    : query.isError
      ? ({ kind: 'error', message: errorMessage(query.error) } as const)
      : ({ kind: 'loading' } as const);

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
          view={view}
          autoAdvance={preferences.autoAdvance}
          shortcuts={shortcuts}
        />
      )}
    </div>
  );
}
