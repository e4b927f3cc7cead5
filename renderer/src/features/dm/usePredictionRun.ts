import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../api/apiContext';
import type { ActionSelection } from '../../api/dataManager';
import {
  cancelPredictionJob,
  listPredictionJobs,
  retrievePredictions,
  type PredictionJob,
  type RetrieveResult,
} from '../../api/predictionJobs';
import { runningJob } from '../model/predictionRunText';
import { queryKeys } from '../../api/queryKeys';
import { useToasts } from '../../components/toastContext';
import { usePolling } from '../sync/usePolling';

export type PredictionRun =
  | { phase: 'closed' }
  | { phase: 'confirm' }
  | { phase: 'running'; job: PredictionJob | null; cancelling: boolean }
  | { phase: 'done'; result: RetrieveResult }
  | { phase: 'failed'; message: string };

/** The run as this hook keeps it; the running job comes from the polled jobs list. */
type RunPhase = Exclude<PredictionRun, { phase: 'running' }> | { phase: 'running'; cancelling: boolean };

/** How often the run's progress is read while the action's request waits. */
const POLL_MS = 300;
const everyPoll = () => POLL_MS;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The job a run follows, from the jobs list as last read. */
interface Followed {
  listed: readonly PredictionJob[] | null;
  /** The running job taken for this run's; null until one is seen, or after it ended. */
  known: number | null;
  job: PredictionJob | null;
}

const NOT_FOLLOWING: Followed = { listed: null, known: null, job: null };

/**
 * "Retrieve Predictions" from confirmation to summary: the action's POST runs the whole job while
 * the jobs list is polled for its progress; Cancel stops it after the batch in flight. `onDone`
 * refreshes the grid once the request has answered.
 */
export function usePredictionRun(projectId: number, selection: () => ActionSelection, onDone: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [phase, setRun] = useState<RunPhase>({ phase: 'closed' });
  const isRunning = phase.phase === 'running';
  const load = useCallback((signal: AbortSignal) => listPredictionJobs(client, projectId, signal), [client, projectId]);
  // A missed reading only delays the bar; the action's own answer ends the run.
  const { state: jobs } = usePolling(queryKeys.predictionJobs(projectId), load, everyPoll, POLL_MS, isRunning);
  const listed = jobs.status === 'loading' ? null : jobs.value;

  // Each new reading moves the bar. A job that ended while the request still waits was an earlier
  // run ahead in the queue: the next running one is this run's.
  const [followed, setFollowed] = useState<Followed>(NOT_FOLLOWING);
  if (isRunning && listed && listed !== followed.listed) {
    const job = runningJob(listed, followed.known);
    setFollowed(job ? { listed, known: job.status === 'running' ? job.id : null, job } : { ...followed, listed });
  }
  const run: PredictionRun = phase.phase === 'running' ? { ...phase, job: followed.job } : phase;

  const start = async () => {
    // Readings of an earlier run are not this one's.
    void queryClient.resetQueries({ queryKey: queryKeys.predictionJobs(projectId) });
    setFollowed(NOT_FOLLOWING);
    setRun({ phase: 'running', cancelling: false });
    try {
      const result = await retrievePredictions(client, projectId, selection());
      setRun({ phase: 'done', result });
      onDone();
    } catch (error) {
      setRun({ phase: 'failed', message: messageOf(error) });
    }
  };

  const cancel = async () => {
    if (run.phase !== 'running' || !run.job || run.cancelling) return;
    setRun({ phase: 'running', cancelling: true });
    try {
      await cancelPredictionJob(client, run.job.id);
    } catch (error) {
      // The job may have just finished; its answer arrives anyway.
      toasts.error(`The run could not be stopped: ${messageOf(error)}`);
      setRun((current) => (current.phase === 'running' ? { ...current, cancelling: false } : current));
    }
  };

  return {
    run,
    open: () => setRun({ phase: 'confirm' }),
    start: () => void start(),
    cancel: () => void cancel(),
    /** Closing is refused while the run is under way: its progress would be lost from view. */
    close: () => setRun((current) => (current.phase === 'running' ? current : { phase: 'closed' })),
  };
}
