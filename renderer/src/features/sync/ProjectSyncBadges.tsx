import { routes } from '../../router';
import { formatCount, plural } from './runStats';
import { pendingText } from './runText';
import '../../styles/syncVisibility.css';
import { useMirror } from './useMirrors';

/**
 * A project card's sync marks: where it is mirrored from, its open conflicts (to the Conflicts
 * page) and its local changes waiting to be pushed (to the Sync page). Nothing for a project
 * made here.
 */
export function ProjectSyncBadges({ projectId, title }: { projectId: number; title: string }) {
  const mirror = useMirror(projectId);
  if (!mirror) return null;
  const { remote } = mirror;
  return (
    <ul className="sync-badges" aria-label={`Sync of ${title}`}>
      <li>
        <a className="sync-badge sync-badge--mirror" href={routes.sync} title={remote.url}>
          <span className="sync-badge__text">Mirrored from {remote.name}</span>
        </a>
      </li>
      {mirror.open_conflicts > 0 && (
        <li>
          <a
            className="sync-badge sync-badge--conflicts"
            href={routes.projectConflicts(projectId)}
            aria-label={`${plural(mirror.open_conflicts, 'conflict')} in ${title}`}
          >
            {plural(mirror.open_conflicts, 'conflict')}
          </a>
        </li>
      )}
      {mirror.pending_changes > 0 && (
        <li>
          <a
            className="sync-badge sync-badge--pending"
            href={routes.sync}
            aria-label={`${formatCount(mirror.pending_changes)} to push: ${pendingText(mirror.pending_changes)} of ${title} not on ${remote.name} yet`}
          >
            {formatCount(mirror.pending_changes)} to push
          </a>
        </li>
      )}
    </ul>
  );
}
