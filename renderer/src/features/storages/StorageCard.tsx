import { useId } from 'react';
import type { Storage, StorageDirection } from '../../api/storages';
import {
  durationText,
  isSyncing,
  locationText,
  statusLabel,
  statusTone,
  storageName,
  syncProgressText,
  syncResultText,
  typeTitle,
} from './storageText';
import { formatDateTime } from '../sync/timeText';

interface StorageCardProps {
  storage: Storage;
  direction: StorageDirection;
  /** The storage's state while a sync started here runs; null otherwise. */
  progress: Storage | null;
  onSync: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** The status in words on a colored chip: the color is never the only sign. */
export function StatusChip({ status }: { status: string }) {
  return (
    <span className={`storage-chip storage-chip--${statusTone(status)}`} data-testid="storage-status">
      {statusLabel(status)}
    </span>
  );
}

/** One storage: where it points, how its last sync went, and what can be done with it. */
export function StorageCard({ storage, direction, progress, onSync, onEdit, onRemove }: StorageCardProps) {
  const headingId = useId();
  const name = storageName(storage);
  const shown = progress ?? storage;
  const syncing = progress !== null || isSyncing(storage);
  const result = syncResultText(storage, direction);
  const duration = durationText(storage);
  return (
    <article className="storage-card" aria-labelledby={headingId} data-testid="storage-card">
      <header className="storage-card__header">
        <h4 id={headingId} className="storage-card__title">
          {name}
        </h4>
        <span className="storage-chip storage-chip--type">{typeTitle(storage.type)}</span>
        <StatusChip status={shown.status} />
      </header>
      <dl className="storage-facts">
        <div className="storage-facts__wide">
          <dt>{storage.type === 'localfiles' ? 'Folder' : 'Location'}</dt>
          <dd className="storage-facts__location">{locationText(storage)}</dd>
        </div>
        <div>
          <dt>Last sync</dt>
          <dd data-testid="storage-last-sync">
            {storage.last_sync ? formatDateTime(storage.last_sync) : 'Never'}
            {duration && storage.last_sync ? ` · took ${duration}` : ''}
          </dd>
        </div>
        {result && (
          <div>
            <dt>{direction === 'import' ? 'Tasks' : 'Annotations'}</dt>
            <dd data-testid="storage-result">{result}</dd>
          </div>
        )}
      </dl>
      {syncing && (
        <div className="storage-card__progress">
          <progress aria-label={`Sync progress of ${name}`} />
          <p role="status" className="muted" data-testid="storage-progress">
            {syncProgressText(shown, direction)}
          </p>
        </div>
      )}
      {!syncing && storage.traceback && (
        <p className="storage-card__error" data-testid="storage-error">
          {storage.status === 'failed' ? 'The last sync failed: ' : ''}
          {storage.traceback}
        </p>
      )}
      {storage.description && <p className="storage-card__description">{storage.description}</p>}
      <div className="storage-card__actions">
        <button
          type="button"
          className="button button--small"
          aria-label={`Sync ${name}`}
          disabled={syncing || !storage.synchronizable}
          onClick={onSync}
        >
          {syncing ? 'Syncing…' : 'Sync'}
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={`Edit ${name}`}
          aria-haspopup="dialog"
          disabled={syncing}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--small button--danger-quiet"
          aria-label={`Remove ${name}`}
          aria-haspopup="dialog"
          disabled={syncing}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </article>
  );
}
