import type { PredictionJob, PredictionJobStatus } from '../../../shared/api/ml.js';
import type { Db } from '../db/open.js';
import { formatTimestamp } from '../domain/clock.js';
import type { PredictProgress } from './predictTasks.js';

/*
 * Prediction runs of this process, so a page can show how far one is and cancel it while the
 * request that started it is still waiting for its answer. Kept in memory, keyed by database so
 * two apps in one process (tests) stay apart; the last finished run of each project stays visible.
 * One run per project at a time: a second waits for the first (no task is sent twice).
 */

/** A run as `/api/outpost/ml/jobs` shows it (shared/api/ml.ts): its progress is the PredictProgress counts. */
export type { PredictionJob };

interface Registry {
  nextId: number;
  jobs: Map<number, { job: PredictionJob; controller: AbortController }>;
  /** The tail of each project's chain of runs: a new run starts when the previous one ends. */
  queues: Map<number, Promise<unknown>>;
}

const registries = new WeakMap<Db, Registry>();

function registryOf(db: Db): Registry {
  let registry = registries.get(db);
  if (!registry) {
    registry = { nextId: 1, jobs: new Map(), queues: new Map() };
    registries.set(db, registry);
  }
  return registry;
}

/** Runs `work` after every earlier run of the same project has ended. */
export function inProjectQueue<T>(db: Db, project: number, work: () => Promise<T>): Promise<T> {
  const registry = registryOf(db);
  const previous = registry.queues.get(project) ?? Promise.resolve();
  const next = previous.then(work, work);
  const tail = next.catch(() => undefined);
  registry.queues.set(project, tail);
  void tail.then(() => {
    if (registry.queues.get(project) === tail) registry.queues.delete(project);
  });
  return next;
}

export interface StartedJob {
  job: PredictionJob;
  signal: AbortSignal;
  progress(progress: PredictProgress): void;
  finish(status: Exclude<PredictionJobStatus, 'running'>, error?: string | null): void;
}

export function startPredictionJob(db: Db, project: number, backend: number, total: number, now: Date): StartedJob {
  const registry = registryOf(db);
  // Only the newest finished run of a project is kept.
  for (const [id, entry] of registry.jobs) {
    if (entry.job.project === project && entry.job.status !== 'running') registry.jobs.delete(id);
  }
  const controller = new AbortController();
  const job: PredictionJob = {
    id: registry.nextId++,
    project,
    backend,
    status: 'running',
    started_at: formatTimestamp(now),
    finished_at: null,
    error: null,
    done: 0,
    total,
    created: 0,
    failed: 0,
  };
  registry.jobs.set(job.id, { job, controller });
  return {
    job,
    signal: controller.signal,
    progress: (progress) => Object.assign(job, progress),
    finish: (status, error = null) => {
      job.status = status;
      job.error = error;
      job.finished_at = formatTimestamp(new Date());
    },
  };
}

export function listPredictionJobs(db: Db, project: number | null): PredictionJob[] {
  return [...registryOf(db).jobs.values()]
    .map((entry) => ({ ...entry.job }))
    .filter((job) => project === null || job.project === project);
}

/** Asks a running job to stop after the batch in flight; false when there is no such running job. */
export function cancelPredictionJob(db: Db, id: number): boolean {
  const entry = registryOf(db).jobs.get(id);
  if (!entry || entry.job.status !== 'running') return false;
  entry.controller.abort();
  return true;
}
