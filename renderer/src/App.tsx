import { useEffect, useState } from 'react';
import { fetchServerVersion, type ServerVersion } from './api/serverVersion';

type Status = { kind: 'loading' } | { kind: 'ready'; version: ServerVersion } | { kind: 'error'; message: string };

/** A placeholder until the projects UI lands: shows that the local server answers, and its version. */
export function App() {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  useEffect(() => {
    fetchServerVersion().then(
      (version) => setStatus({ kind: 'ready', version }),
      (error: unknown) => setStatus({ kind: 'error', message: String(error) }),
    );
  }, []);

  return (
    <main className="placeholder">
      <h1>Outpost</h1>
      <p>Offline labeling, compatible with Label Studio.</p>
      {status.kind === 'loading' && <p role="status">Connecting to the local server…</p>}
      {status.kind === 'ready' && (
        <p role="status" data-testid="server-status">
          Local server is running: Outpost {status.version.outpost.version}, Label Studio API {status.version.release}.
        </p>
      )}
      {status.kind === 'error' && <p role="alert">The local server did not answer: {status.message}</p>}
    </main>
  );
}
