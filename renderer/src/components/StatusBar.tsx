import { useCallback } from 'react';
import { useApi } from '../api/apiContext';
import { queryKeys } from '../api/queryKeys';
import { fetchServerVersion, type ServerVersion } from '../api/serverVersion';
import { SyncStatus } from '../features/sync/SyncStatus';
import { usePolling } from '../features/sync/usePolling';

function runningText(version: ServerVersion): string {
  return `Local server is running: Outpost ${version.outpost.version}, Label Studio API ${version.release}.`;
}

/** Often enough to notice a stopped server, rare enough to cost nothing. */
const POLL_MS = 30_000;
const everyPoll = () => POLL_MS;

/** The bottom bar: whether the local server answers, which versions it speaks, and how sync is doing. */
export function StatusBar() {
  const client = useApi();
  const load = useCallback((signal: AbortSignal) => fetchServerVersion(client, signal), [client]);
  // A server that did not answer is asked again at the next poll, not sooner.
  const { state: polled } = usePolling(queryKeys.serverVersion, load, everyPoll, POLL_MS);
  const state =
    polled.status === 'loading'
      ? { kind: 'checking' as const }
      : polled.status === 'error'
        ? { kind: 'down' as const, message: polled.message }
        : { kind: 'running' as const, version: polled.value };

  return (
    <footer className="status-bar">
      <span className={`status-dot status-dot--${state.kind}`} aria-hidden="true" />
      {state.kind === 'checking' && (
        <span className="status-bar__message" role="status">
          Connecting to the local server…
        </span>
      )}
      {state.kind === 'running' && (
        <span
          className="status-bar__message"
          role="status"
          data-testid="server-status"
          title={runningText(state.version)}
        >
          {runningText(state.version)}
        </span>
      )}
      {state.kind === 'down' && (
        <span className="status-bar__message" role="alert" title={state.message}>
          The local server did not answer: {state.message}
        </span>
      )}
      <SyncStatus />
    </footer>
  );
}
