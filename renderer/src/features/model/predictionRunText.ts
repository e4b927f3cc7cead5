/** "Retrieve Predictions" in words: the run's progress and its outcome. Pure, for unit tests. */
import type { PredictionJob, RetrieveResult } from '../../api/predictionJobs';
import { plainText, plural } from './mlText';
import { formatCount } from '../../../../shared/text/counts';

/** How many failures the summary names; the rest are counted. */
export const ERRORS_SHOWN = 3;

export function progressText(job: PredictionJob | null): string {
  if (!job) return 'Starting: checking the model…';
  const parts = [`${formatCount(job.done)} of ${plural(job.total, 'task')} done`];
  parts.push(`${plural(job.created, 'prediction')} so far`);
  if (job.failed > 0) parts.push(`${formatCount(job.failed)} failed`);
  return parts.join(' · ');
}

/** 0 to 1, or null while the amount of work is not known. */
export function progressFraction(job: PredictionJob | null): number | null {
  if (!job || job.total <= 0) return null;
  return Math.min(1, job.done / job.total);
}

export interface RunSummary {
  headline: string;
  created: number;
  skipped: number;
  failed: number;
  /** The first failures, as "Task 12: reason". */
  errors: string[];
  /** Failures beyond those listed. */
  moreErrors: number;
  /** The server's own sentence, when it says more than the counts (no model connected, not ready). */
  detail: string | null;
}

export function runSummary(result: RetrieveResult): RunSummary {
  const failed = result.errors.length;
  const headline = result.cancelled
    ? `Stopped on request after ${plural(result.created, 'prediction')}.`
    : result.created > 0
      ? `Retrieved ${plural(result.created, 'prediction')}.`
      : 'No new predictions.';
  const counted = result.created > 0 || result.skipped > 0 || failed > 0;
  return {
    headline,
    created: result.created,
    skipped: result.skipped,
    failed,
    errors: result.errors.slice(0, ERRORS_SHOWN).map((item) => `Task ${item.task}: ${plainText(item.error)}`),
    moreErrors: Math.max(0, failed - ERRORS_SHOWN),
    detail: counted || !result.detail ? null : plainText(result.detail),
  };
}

/** The newest running job of the project: the one this page's request started (runs of a project queue up). */
export function runningJob(jobs: readonly PredictionJob[], known: number | null): PredictionJob | null {
  if (known !== null) return jobs.find((job) => job.id === known) ?? null;
  const running = jobs.filter((job) => job.status === 'running');
  return running.reduce<PredictionJob | null>((newest, job) => (newest && newest.id > job.id ? newest : job), null);
}
