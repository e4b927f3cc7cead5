import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import type { Conflict, ConflictAnnotation, Resolution } from '../../api/conflicts';
import { queryKeys } from '../../api/queryKeys';
import { listRemotes } from '../../api/remotes';
import { routes } from '../../router';
import { AnnotationVersion } from './AnnotationVersion';
import { RegionClashes } from './RegionClashes';
import { formatWhen, RESOLUTION_DONE, RESOLUTION_LABELS, wordsFor } from './conflictWords';
import { taskCaption } from './resultSummary';

const CHOICES: Resolution[] = ['keep_mine', 'keep_theirs', 'keep_both'];

/** The two sides to compare. A task deleted there shows the work it holds here against nothing. */
function sidesOf(conflict: Conflict): { mine: ConflictAnnotation[]; theirs: ConflictAnnotation[] } {
  if (conflict.kind === 'task_deleted_there') return { mine: conflict.task_annotations, theirs: [] };
  return { mine: conflict.local ? [conflict.local] : [], theirs: conflict.remote ? [conflict.remote] : [] };
}

function absentText(conflict: Conflict, side: 'mine' | 'theirs'): string {
  if (conflict.kind === 'task_deleted_there')
    return side === 'theirs' ? 'Task deleted on the remote.' : 'No annotations.';
  return side === 'mine' ? 'Deleted here.' : 'Deleted on the remote.';
}

/**
 * The server a conflict's remote version comes from, by the name it has on the Sync page (the
 * remotes list is the query the status bar reads too); null until it is known.
 */
function useServerName(remoteId: number): string | null {
  const client = useApi();
  const remotes = useQuery({ queryKey: queryKeys.remotes, queryFn: ({ signal }) => listRemotes(client, signal) });
  return remotes.data?.find((remote) => remote.id === remoteId)?.name ?? null;
}

interface ConflictCardProps {
  conflict: Conflict;
  /** The answer being sent for this conflict, if any (its buttons wait meanwhile). */
  pending: Resolution | null;
  onResolve(conflict: Conflict, resolution: Resolution): void;
}

/**
 * One conflict: what happened, your version here beside the server's (each saying who made it),
 * and the three answers (or the one given).
 */
export function ConflictCard({ conflict, pending, onResolve }: ConflictCardProps) {
  const words = wordsFor(conflict.kind);
  const prefix = `conflict-${conflict.id}`;
  const { mine, theirs } = sidesOf(conflict);
  const serverName = useServerName(conflict.remote_server);
  const resolution = conflict.resolution;
  return (
    <article
      className={`conflict-card${resolution ? ' conflict-card--resolved' : ''}`}
      aria-labelledby={`${prefix}-title`}
    >
      <header className="conflict-card__header">
        <h3 id={`${prefix}-title`} className="conflict-card__title">
          Task {conflict.task}
          <span className="conflict-card__caption">{taskCaption(conflict.task_data)}</span>
        </h3>
        <span className="conflict-card__kind">{words.title}</span>
        <span className="conflict-card__when">
          Found <time dateTime={conflict.created_at}>{formatWhen(conflict.created_at)}</time>
        </span>
      </header>
      {/* Once answered, a side that was dropped is gone: the card keeps only what happened and the answer. */}
      {!resolution && <p className="conflict-card__happened">{words.happened}</p>}
      {!resolution && conflict.regions && <RegionClashes regions={conflict.regions} headingId={`${prefix}-regions`} />}
      {!resolution && (
        <div className="conflict-card__sides">
          <AnnotationVersion
            title="Yours, the version here"
            headingId={`${prefix}-mine`}
            annotations={mine}
            absent={absentText(conflict, 'mine')}
          />
          <AnnotationVersion
            title={serverName ? `Theirs, the server's version on ${serverName}` : "Theirs, the server's version"}
            headingId={`${prefix}-theirs`}
            annotations={theirs}
            absent={absentText(conflict, 'theirs')}
          />
        </div>
      )}
      {resolution ? (
        <p className="conflict-card__outcome">
          <span className="conflict-tag conflict-tag--done">{RESOLUTION_DONE[resolution] ?? resolution}</span>
          <span>{words.choices[resolution]}</span>
          <span className="muted">
            Resolved <time dateTime={conflict.resolved_at ?? ''}>{formatWhen(conflict.resolved_at)}</time>
          </span>
        </p>
      ) : (
        <div
          className="conflict-card__choices"
          role="group"
          aria-label={`Resolve the conflict on task ${conflict.task}`}
        >
          {CHOICES.map((choice) => (
            <div key={choice} className="conflict-choice">
              <button
                type="button"
                className="button"
                aria-describedby={`${prefix}-${choice}`}
                disabled={pending !== null}
                onClick={() => onResolve(conflict, choice)}
              >
                {pending === choice ? 'Resolving…' : RESOLUTION_LABELS[choice]}
              </button>
              <p id={`${prefix}-${choice}`} className="conflict-choice__hint">
                {words.choices[choice]}
              </p>
            </div>
          ))}
        </div>
      )}
      {!resolution && conflict.kind !== 'task_deleted_there' && (
        <a className="conflict-card__open" href={routes.labelTask(conflict.project, conflict.task)}>
          Open task {conflict.task} in the labeling view
        </a>
      )}
    </article>
  );
}
