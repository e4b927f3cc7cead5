import { routes } from '../../router';
import { EmptyState } from '../EmptyState';

/** The end of the label stream. */
export function StreamDone({ projectId }: { projectId: number }) {
  return (
    <EmptyState title="All done: no tasks left for you">
      <p>Every task in this project has your annotation, or is being labeled elsewhere.</p>
      <a className="button button--primary" href={routes.projectData(projectId)}>
        Back to the data
      </a>
    </EmptyState>
  );
}
