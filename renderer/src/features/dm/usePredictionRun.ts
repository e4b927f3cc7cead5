import { useCallback, useEffect, useRef, useState } from 'react';
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
import { useToasts } from '../../components/toastContext';

export type PredictionRun =
  | { phase: 'closed' }
  | { phase: 'confirm' }
  | { phase: 'running'; job: PredictionJob | null; cancelling: boolean }
  | { phase: 'done'; result: RetrieveResult }
  | { phase: 'failed'; message: string };

/** How often the run's progress is read while the action's request waits. */
const POLL_MS = 300;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Retrieve Predictions" from confirmation to summary: the action's POST runs the whole job while
 * the jobs list is polled for its progress; Cancel stops it after the batch in flight. `onDone`
 * refreshes the grid once the request has answered.
 */
export function usePredictionRun(projectId: number, selection: () => ActionSelection, onDone: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const [run, setRun] = useState<PredictionRun>({ phase: 'closed' });
  const polling = useRef<AbortController | null>(null);

  const stopPolling = useCallback(() => {
    polling.current?.abort();
    polling.current = null;
  }, []);
  useEffect(() => stopPolling, [stopPolling]);

  const poll = (controller: AbortController) => {
    let known: number | null = null;
    const tick = async () => {
      try {
        const job = runningJob(await listPredictionJobs(client, projectId, controller.signal), known);
        if (controller.signal.aborted) return;
        if (job) {
          // A job that ended while the request still waits was an earlier run ahead in the queue.
          known = job.status === 'running' ? job.id : null;
          setRun((current) => (current.phase === 'running' ? { ...current, job } : current));
        }
      } catch {
        // A missed reading only delays the bar; the action's own answer ends the run.
      }
      if (!controller.signal.aborted) window.setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
  };

  const start = async () => {
    const controller = new AbortController();
    stopPolling();
    polling.current = controller;
    setRun({ phase: 'running', job: null, cancelling: false });
    poll(controller);
    try {
      const result = await retrievePredictions(client, projectId, selection());
      setRun({ phase: 'done', result });
      onDone();
    } catch (error) {
      setRun({ phase: 'failed', message: messageOf(error) });
    } finally {
      if (polling.current === controller) stopPolling();
      else controller.abort();
    }
  };

  const cancel = async () => {
    if (run.phase !== 'running' || !run.job || run.cancelling) return;
    setRun({ ...run, cancelling: true });
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
