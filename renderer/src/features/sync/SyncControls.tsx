import { useId } from 'react';
import type { RemoteProject, SyncRun } from '../../api/remotes';
import { plural } from './runStats';

interface SyncControlsProps {
  projects: readonly RemoteProject[] | null;
  chosen: ReadonlySet<number>;
  running: SyncRun | null;
  busy: boolean;
  onSync: () => void;
  onCancel: (run: SyncRun) => void;
}

/** Why "Sync now" waits: with no project chosen and none mirrored, a run would do nothing. */
const NOTHING_TO_SYNC = 'Nothing to sync yet: choose at least one project of this remote to pull.';

/** What "Sync now" will do, in words, or why it cannot. */
function plan(projects: readonly RemoteProject[] | null, chosen: ReadonlySet<number>): string | null {
  if (chosen.size > 0) return `Pulls ${plural(chosen.size, 'chosen project')} and pushes your local changes.`;
  const mirrored = projects?.filter((project) => project.mirror !== null).length ?? 0;
  if (mirrored > 0) return `Nothing chosen: syncs the ${plural(mirrored, 'mirrored project')}.`;
  return null;
}

/** "Sync now" with the projects chosen (or every mirrored one), and Cancel while a run runs. */
export function SyncControls({ projects, chosen, running, busy, onSync, onCancel }: SyncControlsProps) {
  const description = plan(projects, chosen);
  const whyId = useId();
  return (
    <div className="sync-controls">
      <p className="muted sync-controls__plan" aria-live="polite">
        {running
          ? 'A sync is running; its progress shows in the run history.'
          : (description ?? 'Choose the projects to pull: each becomes a local project, kept in sync from then on.')}
      </p>
      {running ? (
        <button type="button" className="button" disabled={busy} onClick={() => onCancel(running)}>
          {busy ? 'Cancelling…' : 'Cancel sync'}
        </button>
      ) : (
        <>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !description}
            title={!busy && !description ? NOTHING_TO_SYNC : undefined}
            aria-describedby={!busy && !description ? whyId : undefined}
            onClick={onSync}
          >
            {busy ? 'Starting…' : 'Sync now'}
          </button>
          {!busy && !description && (
            <span id={whyId} className="visually-hidden">
              {NOTHING_TO_SYNC}
            </span>
          )}
        </>
      )}
    </div>
  );
}
