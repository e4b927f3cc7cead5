import { useCallback } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { listRemotes } from '../../api/remotes';
import { routes } from '../../router';
import { statusPollDelay, syncState } from './runText';
import '../../styles/syncStatus.css';
import '../../styles/syncVisibility.css';
import { useNow } from './useNow';
import { usePolling } from './usePolling';

/**
 * The status bar's sync state, from the remotes list (each with its latest run): polled every
 * few seconds, every second while a run is running, and at once when the sync page changes
 * something (the same cached query). Nothing when there are no remotes.
 */
export function SyncStatus() {
  const client = useApi();
  const load = useCallback((signal: AbortSignal) => listRemotes(client, signal), [client]);
  const delay = useCallback((remotes: Awaited<ReturnType<typeof listRemotes>>) => {
    return statusPollDelay(syncState(remotes, Date.now()));
  }, []);
  const { state: polled } = usePolling(queryKeys.remotes, load, delay);
  // "last synced 5 min ago" moves on between answers too.
  const now = useNow(5_000);

  // A failed poll keeps the last known state: the server's own status sits right beside it.
  const remotes = polled.status === 'loading' ? null : polled.value;
  if (!remotes) return null;
  const state = syncState(remotes, now);
  if (state.kind === 'none') return null;
  return (
    <a
      href={routes.sync}
      className={`sync-status sync-status--${state.kind}`}
      data-testid="sync-status"
      title={state.text}
    >
      <span className="sync-status__dot" aria-hidden="true" />
      <span className="sync-status__text">{state.text}</span>
    </a>
  );
}
