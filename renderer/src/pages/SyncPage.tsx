import { useCallback } from 'react';
import { useApi } from '../api/apiContext';
import { queryKeys } from '../api/queryKeys';
import { listRemotes, type Remote } from '../api/remotes';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { RemoteCard } from '../features/sync/RemoteCard';
import { RemoteFormDialog } from '../features/sync/RemoteFormDialog';
import { useNow } from '../features/sync/useNow';
import { usePolling } from '../features/sync/usePolling';
import { useRemoteEditing } from '../features/sync/useRemoteEditing';
import '../styles/sync.css';
import '../styles/syncRuns.css';

/** The remotes' records (names, last runs) move slowly; each card polls its own runs. */
const REMOTES_POLL_MS = 5_000;

/** Sync: the remote Label Studio servers, their projects, Sync now, and every run's outcome. */
export function SyncPage() {
  const client = useApi();
  const now = useNow();
  const load = useCallback((signal: AbortSignal) => listRemotes(client, signal), [client]);
  const delay = useCallback(() => REMOTES_POLL_MS, []);
  const { state, refresh } = usePolling<Remote[]>(queryKeys.remotes, load, delay);
  const editing = useRemoteEditing();
  const remotes = state.status === 'loading' ? null : state.value;

  return (
    <section className="page sync-page" aria-labelledby="sync-heading">
      <div className="page__header sync-page__header">
        <h1 id="sync-heading" className="page__title">
          Sync
        </h1>
        <p className="page__subtitle">Pull projects from Label Studio, label offline, push your work back.</p>
        {remotes && remotes.length > 0 && (
          <button type="button" className="button button--primary sync-page__add" onClick={editing.startAdd}>
            Add remote
          </button>
        )}
      </div>
      {state.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <span>The remotes could not be loaded: {state.message}</span>
          <button type="button" className="button button--small" onClick={refresh}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'loading' && <p className="muted">Loading the remotes…</p>}
      {remotes?.length === 0 && (
        <EmptyState title="No remotes yet">
          <p className="muted sync-page__empty-text">
            Add a Label Studio server with an access token of your account there. Then choose its projects to pull: you
            can label them here without a connection, and the next sync pushes your work back.
          </p>
          <button type="button" className="button button--primary" onClick={editing.startAdd}>
            Add remote
          </button>
        </EmptyState>
      )}
      {remotes?.map((remote) => (
        <RemoteCard
          key={remote.id}
          remote={remote}
          otherRemotes={remotes.filter((other) => other.id !== remote.id)}
          now={now}
          onEdit={editing.startEdit}
          onRemove={editing.startRemove}
        />
      ))}
      <RemoteFormDialog
        open={editing.editing.kind !== 'closed'}
        remote={editing.editing.kind === 'edit' ? editing.editing.remote : null}
        busy={editing.busy}
        error={editing.error}
        onSubmit={(values) => void editing.save(values)}
        onClose={editing.close}
      />
      <ConfirmDialog
        title={`Remove ${editing.removing?.name ?? 'the remote'}?`}
        open={editing.removing !== null}
        confirmLabel="Remove remote"
        busy={editing.busy}
        busyLabel="Removing…"
        onConfirm={() => void editing.confirmRemove()}
        onCancel={editing.cancelRemove}
      >
        <p>
          Outpost forgets this remote, its token and its run history. The projects pulled from it stay here as ordinary
          local projects; changes not pushed yet will no longer be pushed.
        </p>
      </ConfirmDialog>
    </section>
  );
}
