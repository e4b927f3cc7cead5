import {
  controlOptionsFromConfig,
  taskAgreement,
  type AgreementOptions,
  type AnnotationRecord,
  parseStoredResult,
} from '../../../../shared/quality/index.js';
import type { Db } from '../../db/open.js';
import {
  listBackfillTasks,
  listProjectAgreementTasks,
  readAgreementInputs,
  removeBackfillTask,
  writeTaskAgreement,
  type AgreementAnnotationRow,
} from '../../db/repos/taskAgreementRepo.js';

/*
 * tasks.agreement, the Data Manager's Agreement column: the task's mean pairwise agreement
 * between annotators (shared/quality's taskAgreement, skipped annotations left out), NULL with
 * fewer than two annotators. Every write to a task's annotations calls refreshTaskAgreement inside
 * its own transaction, so the stored value is never older than the annotations.
 */

/** The last label config's control options: annotation writes come in runs on one project. */
let cachedOptions: { labelConfig: string; options: AgreementOptions } | null = null;

function optionsFor(labelConfig: string): AgreementOptions {
  if (cachedOptions?.labelConfig !== labelConfig) {
    let controls: AgreementOptions['controls'] = {};
    try {
      controls = controlOptionsFromConfig(labelConfig);
    } catch {
      // A config that does not parse has no bounds to offer; the measures' defaults apply.
    }
    cachedOptions = { labelConfig, options: { controls } };
  }
  return cachedOptions.options;
}

/**
 * Annotations whose author was deleted (NULL) count as one unknown annotator, 0, as the dashboard
 * and the project's quality report count them, so the column and the report agree.
 */
const UNKNOWN_AUTHOR = 0;

/** The score of these annotations (skipped ones left out); null with fewer than two annotators. */
export function agreementOfAnnotations(rows: readonly AgreementAnnotationRow[], labelConfig: string): number | null {
  const annotations: AnnotationRecord[] = [];
  for (const row of rows) {
    if (row.was_cancelled !== 0) continue;
    annotations.push({ completed_by: row.completed_by ?? UNKNOWN_AUTHOR, result: parseStoredResult(row.result) });
  }
  if (new Set(annotations.map((annotation) => annotation.completed_by)).size < 2) return null;
  try {
    const { score } = taskAgreement({ id: 0, annotations }, optionsFor(labelConfig));
    return score === null || !Number.isFinite(score) ? null : Math.min(1, Math.max(0, score));
  } catch {
    // A result shape no measure expected must not make the annotation write fail; it has no score.
    return null;
  }
}

/** Recomputes one task's stored agreement from its annotations (inside the caller's transaction). */
export function refreshTaskAgreement(db: Db, task: number): void {
  const inputs = readAgreementInputs(db, task);
  if (!inputs) return;
  writeTaskAgreement(db, task, agreementOfAnnotations(inputs.annotations, inputs.labelConfig));
}

/**
 * After a label config change: what the config says about a control (Rating's maxRating, Number's
 * bounds) moves scores, so every task of the project that can have one is computed again.
 */
export function refreshProjectAgreement(db: Db, project: number): void {
  for (const task of listProjectAgreementTasks(db, project)) refreshTaskAgreement(db, task);
}

/**
 * Computes the tasks the column's migration queued (those an existing database held with two
 * annotators or more), a batch per transaction so a large project does not hold the writer long.
 * Returns how many were computed.
 */
export function backfillTaskAgreement(db: Db, batchSize = 500): number {
  let done = 0;
  for (;;) {
    const batch = listBackfillTasks(db, batchSize);
    if (batch.length === 0) return done;
    db.transaction(() => {
      for (const task of batch) {
        refreshTaskAgreement(db, task);
        removeBackfillTask(db, task);
      }
    })();
    done += batch.length;
  }
}
