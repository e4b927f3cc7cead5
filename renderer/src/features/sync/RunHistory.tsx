import { useState } from 'react';
import type { SyncRun } from '../../api/remotes';
import type { Polled } from './usePolling';
import { RunItem } from './RunItem';

const FIRST_SHOWN = 5;

/** A remote's runs, newest first; the first few, then all on request. */
export function RunHistory({ runs, now, onRetry }: { runs: Polled<SyncRun[]>; now: number; onRetry: () => void }) {
  const [showAll, setShowAll] = useState(false);
  const list = runs.status === 'loading' ? null : runs.value;
  return (
    <div className="sync-runs">
      <h3 className="sync-subtitle">Runs</h3>
      {runs.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <span>The run history could not be loaded: {runs.message}</span>
          <button type="button" className="button button--small" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {list === null && runs.status === 'loading' && <p className="muted">Loading the runs…</p>}
      {list?.length === 0 && <p className="muted sync-runs__empty">No runs yet. Choose projects and press Sync now.</p>}
      {list && list.length > 0 && (
        <>
          <ol className="sync-runs__list" aria-label="Run history">
            {(showAll ? list : list.slice(0, FIRST_SHOWN)).map((run) => (
              <RunItem key={run.id} run={run} now={now} />
            ))}
          </ol>
          {list.length > FIRST_SHOWN && (
            <button type="button" className="button button--small" onClick={() => setShowAll(!showAll)}>
              {showAll ? 'Show fewer runs' : `Show all ${list.length} runs`}
            </button>
          )}
        </>
      )}
    </div>
  );
}
