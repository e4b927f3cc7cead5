import { useMemo } from 'react';
import { errorMessage } from '../api/queryLoad';
import { EmptyState } from '../components/EmptyState';
import { CompareTable } from '../features/compare/CompareTable';
import { buildCompareView } from '../features/compare/compareView';
import { TaskDataView } from '../features/compare/TaskDataView';
import { useCompareTask, useMarkGroundTruth } from '../features/compare/useCompareTask';
import { ProjectNav } from '../features/projects/ProjectNav';
import { useProjectTitle } from '../features/projects/useProjectTitle';
import { plural } from '../features/dashboard/dashboardText';
import { routes } from '../router';
import '../styles/compare.css';

/**
 * `#/projects/<id>/compare/<task>`: every annotation of one task side by side, what they do not
 * all have marked, the regions of all of them over each image, and a button to make one of them
 * the task's ground truth.
 */
export function ComparePage({ projectId, taskId }: { projectId: number; taskId: number }) {
  const title = useProjectTitle(projectId);
  const load = useCompareTask(projectId, taskId);
  const groundTruth = useMarkGroundTruth(projectId, taskId);
  const view = useMemo(() => (load.data ? buildCompareView(load.data) : null), [load.data]);

  return (
    <section className="page compare-page" aria-labelledby="compare-heading">
      <ProjectNav projectId={projectId} title={title} current="taskCompare" />
      <div className="page__header">
        <div>
          <h1 id="compare-heading" className="page__title">
            Compare annotations of task {taskId}
          </h1>
          {view && (
            <p className="page__subtitle">
              {plural(view.columns.length, 'annotation')}
              {view.skipped > 0 && `, ${plural(view.skipped, 'skip')} not shown`}
            </p>
          )}
        </div>
        <div className="compare-page__links">
          <a className="button" href={routes.labelTask(projectId, taskId)}>
            Open in the editor
          </a>
          <a className="button" href={routes.projectData(projectId)}>
            Back to the tasks
          </a>
        </div>
      </div>
      {load.isPending && <p role="status">Loading the annotations…</p>}
      {load.isError && (
        <p className="notice notice--error" role="alert">
          The task could not be loaded: {errorMessage(load.error)}
        </p>
      )}
      {groundTruth.isError && (
        <p className="notice notice--error" role="alert">
          The ground truth could not be saved: {errorMessage(groundTruth.error)}
        </p>
      )}
      {view && (
        <>
          <TaskDataView objects={view.objects} layers={view.layers} />
          {view.columns.length === 0 ? (
            <EmptyState title="No annotations to compare">
              <p>This task has no submitted annotation yet.</p>
            </EmptyState>
          ) : (
            <CompareTable
              columns={view.columns}
              rows={view.rows}
              objects={view.objects}
              busy={groundTruth.isPending}
              onUseAsGroundTruth={(id) => groundTruth.mutate(id)}
            />
          )}
        </>
      )}
    </section>
  );
}
