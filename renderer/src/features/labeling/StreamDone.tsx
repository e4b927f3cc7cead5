import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getTaskCount } from '../../api/projects';
import { routes } from '../../router';
import { EmptyState } from '../../components/EmptyState';

type TaskCount = { kind: 'loading' } | { kind: 'known'; count: number } | { kind: 'unknown' };

/**
 * The end of the label stream. "All done" is only true when there were tasks: a project without
 * any says so and points at Import, the step that makes some.
 */
export function StreamDone({ projectId }: { projectId: number }) {
  const client = useApi();
  const [tasks, setTasks] = useState<TaskCount>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getTaskCount(client, projectId, controller.signal).then(
      (count) => setTasks({ kind: 'known', count }),
      () => {
        if (!controller.signal.aborted) setTasks({ kind: 'unknown' });
      },
    );
    return () => controller.abort();
  }, [client, projectId]);

  if (tasks.kind === 'loading') return <p role="status">Looking for tasks…</p>;
  if (tasks.kind === 'known' && tasks.count === 0) {
    return (
      <EmptyState title="No tasks to label yet">
        <p>This project has no tasks. Import data to create them, then label them here.</p>
        <a className="button button--primary" href={routes.projectImport(projectId)}>
          Import data
        </a>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="All done: no tasks left for you">
      <p>Every task in this project has your annotation, or is being labeled elsewhere.</p>
      <a className="button button--primary" href={routes.projectData(projectId)}>
        Back to the data
      </a>
    </EmptyState>
  );
}
