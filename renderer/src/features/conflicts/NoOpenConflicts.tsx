import { routes } from '../../router';
import { pendingText } from '../sync/runText';
import { timeAgo } from '../sync/timeText';
import { EmptyState } from '../../components/EmptyState';
import { useSyncStanding } from './useSyncStanding';
import { agree } from '../../../../shared/text/counts';

/**
 * The conflicts page with nothing open says why, and what to do next: a project made here was
 * never synced (pull one from a remote, or add a remote first), a mirror whose first pull has
 * not finished needs a sync, and a synced one is settled as of its last pull.
 */
export function NoOpenConflicts({ projectId, now }: { projectId: number; now: number }) {
  const standing = useSyncStanding(projectId);
  if (standing.status === 'loading') return <p className="muted">Checking how this project syncs…</p>;
  if (standing.status === 'unknown') {
    return (
      <EmptyState title="No conflicts to resolve">
        <p>Conflicts show up here when the same work changed here and on the remote.</p>
      </EmptyState>
    );
  }
  const { mirror, hasRemotes } = standing;
  if (!mirror) {
    return (
      <EmptyState title="This project has never been synced">
        <p>
          It was made here, not pulled from a Label Studio server, so no sync has met its work and there is nothing to
          settle. Conflicts show up on projects pulled from a remote, when the same annotation changes on both sides.
        </p>
        <a className="button button--primary" href={routes.sync}>
          {hasRemotes ? 'Pull a project on the Sync page' : 'Add a remote'}
        </a>
      </EmptyState>
    );
  }
  const waiting =
    mirror.pending_changes > 0
      ? ` ${pendingText(mirror.pending_changes)} ${agree(mirror.pending_changes, 'waits', 'wait')} to be pushed.`
      : '';
  if (!mirror.last_pull_at) {
    return (
      <EmptyState title="Not synced yet">
        <p>
          This project mirrors a project on {mirror.remote.name}, but no sync of it has finished yet, so conflicts
          cannot be known.{waiting}
        </p>
        <a className="button button--primary" href={routes.sync}>
          Sync it on the Sync page
        </a>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No conflicts to resolve">
      <p>
        Last synced with {mirror.remote.name} {timeAgo(mirror.last_pull_at, now)}: everything it met was settled on its
        own.{waiting} Conflicts show up here when the same work changed here and on the remote.
      </p>
      <a className="button" href={routes.sync}>
        Open the Sync page
      </a>
    </EmptyState>
  );
}
