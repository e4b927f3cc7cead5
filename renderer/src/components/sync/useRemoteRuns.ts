import { useCallback, useEffect, useRef } from 'react';
import { useApi } from '../../api/apiContext';
import { listRuns, type SyncRun } from '../../api/remotes';
import { usePolling, type Polled } from './usePolling';

/** Every second while a run is running (its phase and counts move), rarely otherwise. */
const RUNNING_MS = 1_000;
const IDLE_MS = 10_000;

/**
 * A remote's run history, newest first, polled fast only while its newest run is running.
 * `onRunFinished` is told when a run seen running is no longer, so the caller can reload what
 * the run changed (the remote's projects, its mirrors).
 */
export function useRemoteRuns(
  remoteId: number,
  onRunFinished: () => void,
): { runs: Polled<SyncRun[]>; refresh: () => void } {
  const client = useApi();
  const load = useCallback((signal: AbortSignal) => listRuns(client, remoteId, signal), [client, remoteId]);
  const delay = useCallback((runs: SyncRun[]) => (runs[0]?.status === 'running' ? RUNNING_MS : IDLE_MS), []);
  const { state, refresh } = usePolling(load, delay);

  const runningId = useRef<number | null>(null);
  const finished = useRef(onRunFinished);
  useEffect(() => {
    finished.current = onRunFinished;
  }, [onRunFinished]);
  const newest = state.status === 'ready' ? state.value[0] : undefined;
  useEffect(() => {
    if (!newest) return;
    if (newest.status === 'running') runningId.current = newest.id;
    else if (runningId.current !== null) {
      runningId.current = null;
      finished.current();
    }
  }, [newest]);

  return { runs: state, refresh };
}
