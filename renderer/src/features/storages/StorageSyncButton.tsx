import { plural } from './storageText';
import { useProjectSync } from './useProjectSync';

interface StorageSyncButtonProps {
  projectId: number;
  /** A sync brought new tasks: the list must be read again. */
  onTasksAdded: () => void;
}

/**
 * "Sync storage" in the Data Manager, shown when the project has source storages: it imports
 * what is new in them. Local folders also sync when the page opens.
 */
export function StorageSyncButton({ projectId, onTasksAdded }: StorageSyncButtonProps) {
  const { hasStorages, state, syncNow } = useProjectSync(projectId, onTasksAdded);
  if (!hasStorages) return null;
  const syncing = state.kind === 'syncing';
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={syncing}
        aria-describedby={syncing ? 'dm-storage-sync' : undefined}
        onClick={syncNow}
      >
        {syncing ? 'Syncing…' : 'Sync storage'}
      </button>
      {syncing && (
        <span id="dm-storage-sync" className="dm-toolbar__count" role="status" data-testid="storage-sync-progress">
          {state.automatic ? 'Looking for new files' : 'Syncing'}
          {state.found > 0 ? `: ${plural(state.found, 'new task')} so far` : '…'}
        </span>
      )}
    </>
  );
}
