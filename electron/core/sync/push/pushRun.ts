import type { AnnotationRow } from '../../db/repos/annotationsRepo.js';
import type { MirrorAnnotationRow } from '../../db/repos/syncMirrorRepo.js';
import type { OutboxRow } from '../../db/repos/syncOutboxRepo.js';
import { canonicalJson, type AnnotationVersion } from '../conflict.js';
import type { PushStats, SyncContext } from '../syncTypes.js';

/** What every push step gets: the run's context, its retry policy and its clock. */
export interface PushRun {
  ctx: SyncContext;
  /** Runs one remote call with the run's retries (network, 5xx, 429). */
  retry<T>(operation: () => Promise<T>): Promise<T>;
  /** The local time, for done_at and the like (never compared with the remote's). */
  now(): string;
}

export type RowOutcome =
  /** Closed: pushed (counted in a stat) or found needless (`counted` null). */
  | { status: 'done'; counted: keyof PushStats | null }
  /** Cannot be pushed now; the row stays pending with `reason`, and the rest of its task waits. */
  | { status: 'waiting'; reason: string };

export type PushStep = (run: PushRun, row: OutboxRow) => Promise<RowOutcome>;

export const done = (counted: keyof PushStats | null): RowOutcome => ({ status: 'done', counted });
export const waiting = (reason: string): RowOutcome => ({ status: 'waiting', reason });

/** An annotation as the remote's annotation and task APIs give it. */
export interface RemoteAnnotation {
  id: number;
  result: unknown;
  was_cancelled: boolean;
  ground_truth?: boolean;
  updated_at: string;
  task?: number;
  import_id?: number | null;
  /** An id in lists, an object on the single-task GET. */
  completed_by?: number | { id: number } | null;
}

function canonicalText(text: string): string {
  return canonicalJson(JSON.parse(text) as unknown);
}

export function remoteVersion(annotation: RemoteAnnotation): AnnotationVersion {
  return {
    result: canonicalJson(annotation.result ?? null),
    wasCancelled: annotation.was_cancelled === true,
    groundTruth: annotation.ground_truth === true,
  };
}

export function localVersion(
  annotation: Pick<AnnotationRow, 'result' | 'was_cancelled' | 'ground_truth'>,
): AnnotationVersion {
  return {
    result: canonicalText(annotation.result),
    wasCancelled: annotation.was_cancelled === 1,
    groundTruth: annotation.ground_truth === 1,
  };
}

/**
 * A stored version. `groundTruth` is missing from delete records journaled before the mark was
 * part of the version: `unknownGroundTruth` (the remote's) stands in, so such a record compares as
 * it did when it was written.
 */
export function baseVersion(
  base: { result: string; wasCancelled: boolean; groundTruth?: boolean },
  unknownGroundTruth = false,
): AnnotationVersion {
  return {
    result: canonicalText(base.result),
    wasCancelled: base.wasCancelled,
    groundTruth: base.groundTruth ?? unknownGroundTruth,
  };
}

export function mirrorBase(mapping: MirrorAnnotationRow): AnnotationVersion {
  return baseVersion({
    result: mapping.base_result,
    wasCancelled: mapping.base_was_cancelled === 1,
    groundTruth: mapping.base_ground_truth === 1,
  });
}

/** The body a create or an update sends: the annotation's content as it is now. */
export function annotationBody(annotation: AnnotationRow): Record<string, unknown> {
  return {
    result: JSON.parse(annotation.result) as unknown,
    was_cancelled: annotation.was_cancelled === 1,
    ground_truth: annotation.ground_truth === 1,
    lead_time: annotation.lead_time,
  };
}
