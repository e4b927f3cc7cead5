import { formatCount } from '../../../../shared/text/counts';
import { routes } from '../../router';
import type { UnsavedWork } from './useLabelingSession';

/**
 * Submits and skips whose save failed, while the annotator labels on: each says why, and can be
 * sent again or opened. They stay until saved, never dropped in silence.
 */
export function UnsavedWorkNotice({ projectId, unsaved }: { projectId: number; unsaved: readonly UnsavedWork[] }) {
  if (unsaved.length === 0) return null;
  return (
    <div className="notice notice--error" role="alert" data-testid="unsaved-work">
      <p>
        {unsaved.length === 1
          ? 'One finished task is not saved yet.'
          : `${formatCount(unsaved.length)} finished tasks are not saved yet.`}{' '}
        It is kept while this page stays open.
      </p>
      <ul>
        {unsaved.map((item) => (
          <li key={item.key}>
            Task {item.taskId} ({item.kind === 'skip' ? 'skip' : 'submit'}): {item.error}{' '}
            <button type="button" className="button button--small" onClick={item.retry}>
              Try again
            </button>{' '}
            <a href={routes.labelTask(projectId, item.taskId)}>Open task {item.taskId}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
