import { useEffect, useState } from 'react';
import { useApi } from '../api/apiContext';
import { fetchServerVersion, type ServerVersion } from '../api/serverVersion';
import { SyncStatus } from '../features/sync/SyncStatus';

type ServerState =
  { kind: 'checking' } | { kind: 'running'; version: ServerVersion } | { kind: 'down'; message: string };

function runningText(version: ServerVersion): string {
  return `Local server is running: Outpost ${version.outpost.version}, Label Studio API ${version.release}.`;
}

/** Often enough to notice a stopped server, rare enough to cost nothing. */
const POLL_MS = 30_000;

/** The bottom bar: whether the local server answers, which versions it speaks, and how sync is doing. */
export function StatusBar() {
  const client = useApi();
  const [state, setState] = useState<ServerState>({ kind: 'checking' });

  useEffect(() => {
    let controller = new AbortController();
    const check = () => {
      controller.abort();
      controller = new AbortController();
      fetchServerVersion(client, controller.signal).then(
        (version) => setState({ kind: 'running', version }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setState({ kind: 'down', message: error instanceof Error ? error.message : String(error) });
        },
      );
    };
    check();
    const timer = window.setInterval(check, POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [client]);

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
