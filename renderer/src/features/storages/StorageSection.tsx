import { useId } from 'react';
import type { Storage, StorageDirection } from '../../api/storages';
import { storageName } from './storageText';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StorageCard } from './StorageCard';
import { StorageFormDialog } from './StorageFormDialog';
import { useStorageActions } from './useStorageActions';
import { useStorages } from './useStorages';
import { storageKey, useStorageSyncs } from './useStorageSyncs';
import '../../styles/settingsCards.css';
import '../../styles/storages.css';
import { FormError } from '../../components/FormError';

const COLUMNS: { direction: StorageDirection; title: string; add: string; empty: string }[] = [
  {
    direction: 'import',
    title: 'Source storages',
    add: 'Add source storage',
    empty: 'No source storage: tasks come from imports only.',
  },
  {
    direction: 'export',
    title: 'Target storages',
    add: 'Add target storage',
    empty: 'No target storage: annotations stay in Outpost until exported.',
  },
];

/**
 * Cloud storage for the project, like Label Studio's: source storages whose files become tasks
 * on each sync, and target storages that receive every annotation as it is saved.
 */
export function StorageSection({ projectId }: { projectId: number }) {
  const headingId = useId();
  const { load, refresh, put, drop } = useStorages(projectId);
  const actions = useStorageActions(put, drop);
  const syncs = useStorageSyncs(put);
  const columnIds = { import: useId(), export: useId() };

  return (
    <section className="settings-section storage-section" aria-labelledby={headingId}>
      <div className="storage-section__header">
        <h2 id={headingId} className="settings-section__title">
          Cloud Storage
        </h2>
        <button type="button" className="button button--small" disabled={load.status === 'loading'} onClick={refresh}>
          Refresh
        </button>
      </div>
      <p className="muted storage-section__intro">
        Connect a folder on this computer, a bucket or a Redis database. Files in a source storage become tasks when it
        syncs; a target storage gets each annotation as a JSON file named after it.
      </p>
      {load.status === 'loading' && <p role="status">Loading the storages…</p>}
      {load.status === 'error' && <FormError>The storages could not be loaded: {load.message}</FormError>}
      {load.status === 'ready' && (
        <div className="storage-columns">
          {COLUMNS.map((column) => {
            const storages: Storage[] = load.storages[column.direction];
            const id = columnIds[column.direction];
            return (
              <section key={column.direction} className="storage-column" aria-labelledby={id}>
                <div className="storage-column__header">
                  <h3 id={id} className="settings-subtitle">
                    {column.title}
                  </h3>
                  <button
                    type="button"
                    className="button button--small button--primary"
                    aria-haspopup="dialog"
                    onClick={() => actions.openForm(column.direction, null)}
                  >
                    {column.add}
                  </button>
                </div>
                {storages.length === 0 && (
                  <p className="storage-empty" data-testid={`storage-empty-${column.direction}`}>
                    {column.empty}
                  </p>
                )}
                {storages.map((storage) => (
                  <StorageCard
                    key={storageKey(column.direction, storage)}
                    storage={storage}
                    direction={column.direction}
                    progress={syncs.progressOf(column.direction, storage)}
                    onSync={() => void syncs.sync(column.direction, storage)}
                    onEdit={() => actions.openForm(column.direction, storage)}
                    onRemove={() => actions.askRemove(column.direction, storage)}
                  />
                ))}
              </section>
            );
          })}
        </div>
      )}
      <StorageFormDialog
        projectId={projectId}
        target={actions.form}
        onSaved={actions.saved}
        onClose={actions.closeForm}
      />
      <ConfirmDialog
        title={`Remove ${actions.removing ? storageName(actions.removing.storage) : 'the storage'}?`}
        open={actions.removing !== null}
        confirmLabel="Remove storage"
        busy={actions.isRemoving}
        busyLabel="Removing…"
        onConfirm={actions.confirmRemove}
        onCancel={actions.cancelRemove}
      >
        <p>
          {actions.removing?.direction === 'export'
            ? 'Outpost stops writing annotations to it. The files already written stay where they are.'
            : 'Outpost stops importing from it. The tasks it imported stay in the project, and its files are not touched.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
