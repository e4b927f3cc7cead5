import { useCallback, useEffect, useRef } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { listRuns, type SyncRun } from '../../api/remotes';
import { NO_RUN_WATCH, observeNewestRun, type RunWatch } from './runWatch';
import { usePolling, type Polled } from './usePolling';

/** Every second while a run is running (its phase and counts move), rarely otherwise. */
const RUNNING_MS = 1_000;
const IDLE_MS = 10_000;

/**
 * A remote's run history, newest first, polled fast only while its newest run is running.
 * `onRunFinished` is told when a run seen running (or `watch`ed) is no longer, so the caller can reload what
 * the run changed (the remote's projects, its mirrors).
 */
export function useRemoteRuns(
  remoteId: number,
  onRunFinished: () => void,
): { runs: Polled<SyncRun[]>; refresh: () => void; watch: (runId: number) => void } {
  const client = useApi();
  const load = useCallback((signal: AbortSignal) => listRuns(client, remoteId, signal), [client, remoteId]);
  const delay = useCallback((runs: SyncRun[]) => (runs[0]?.status === 'running' ? RUNNING_MS : IDLE_MS), []);
  const { state, refresh } = usePolling(queryKeys.remoteRuns(remoteId), load, delay);

  // The run being watched: one seen running, or one this page just started (a run that fails at
  // once may never be seen running); and any newer run that ended unseen (see runWatch.ts).
  const watched = useRef<RunWatch>(NO_RUN_WATCH);
  const finished = useRef(onRunFinished);
  useEffect(() => {
    finished.current = onRunFinished;
  }, [onRunFinished]);
  const newest = state.status === 'ready' ? state.value[0] : undefined;
  useEffect(() => {
    if (!newest) return;
    const { watch, ended } = observeNewestRun(watched.current, newest);
    watched.current = watch;
    if (ended) finished.current();
  }, [newest]);

  const watch = useCallback(
    (runId: number) => {
      watched.current = { ...watched.current, watched: runId };
      refresh();
    },
    [refresh],
  );

  return { runs: state, refresh, watch };
}
