import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { getTaskCount } from '../../api/projects';
import { queryKeys } from '../../api/queryKeys';
import { routes } from '../../router';
import { EmptyState } from '../../components/EmptyState';

/**
 * The end of the label stream. "All done" is only true when there were tasks: a project without
 * any says so and points at Import, the step that makes some. The end of a tab's tasks offers the
 * rest of the project.
 */
export function StreamDone({ projectId, view }: { projectId: number; view?: number }) {
  const client = useApi();
  // Without the count the page says "all done": true or not, Back to the data is the way on.
  const tasks = useQuery({
    queryKey: queryKeys.taskCount(projectId),
    queryFn: ({ signal }) => getTaskCount(client, projectId, signal),
  });

  if (tasks.isPending) return <p role="status">Looking for tasks…</p>;
  if (tasks.data === 0) {
    return (
      <EmptyState title="No tasks to label yet">
        <p>This project has no tasks. Import data to create them, then label them here.</p>
        <a className="button button--primary" href={routes.projectImport(projectId)}>
          Import data
        </a>
      </EmptyState>
    );
  }
  if (view !== undefined) {
    return (
      <EmptyState title="All done in this tab: no tasks left for you">
        <p>Every task this tab shows has your annotation, or is being labeled elsewhere.</p>
        <a className="button button--primary" href={routes.labelStream(projectId)}>
          Label the project’s next unlabeled tasks
        </a>{' '}
        <a className="button" href={routes.projectData(projectId)}>
          Back to the data
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
