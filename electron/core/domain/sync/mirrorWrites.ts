import {
  deleteAnnotationRow,
  insertAnnotationRow,
  updateAnnotationColumns,
  type AnnotationColumns,
} from '../../db/repos/annotationsRepo.js';
import {
  deletePredictionRow,
  insertPredictionRow,
  updatePredictionColumns,
  type PredictionColumns,
} from '../../db/repos/predictionsRepo.js';
import { refreshAndTouchTask, refreshTaskCounters } from '../../db/repos/taskCountersRepo.js';
import { setAnnotationNullables, setPredictionNullables, setTaskAllowSkip } from '../../db/repos/syncPullRepo.js';
import { deleteTaskRow, findTaskById, insertTaskRow, updateTaskColumns } from '../../db/repos/tasksRepo.js';
import type { Db } from '../../db/open.js';
import { refreshTaskAgreement } from '../agreement/taskAgreementColumn.js';

/*
 * Local writes of rows mirrored from a remote. They are deliberately not the API's domain
 * functions: those journal each change into the sync outbox (to be pushed), and a change that
 * came from the remote must never be pushed back. They run inside the pull's transaction and
 * end, per task, with the same counter recomputation and bump every local write path uses.
 */

/** The task columns a remote decides. `data` and `meta` are JSON text, kept exactly as the remote sent them. */
export interface MirroredTaskFields {
  data: string;
  meta: string;
  allow_skip: number | null;
  overlap: number;
  created_at: string;
}

/** A new mirrored task; its counters are set by finishMirroredTaskWrite, which every new task ends with. */
export function insertMirroredTask(db: Db, project: number, fields: MirroredTaskFields, now: string): number {
  return insertTaskRow(db, { project, ...fields, updated_at: now });
}

/** Writes the remote's task columns if any differs; returns whether one did. */
export function updateMirroredTask(db: Db, task: number, fields: MirroredTaskFields): boolean {
  const current = findTaskById(db, task);
  if (!current) throw new Error(`mirrored task ${task} is missing`);
  const changed =
    current.data !== fields.data ||
    current.meta !== fields.meta ||
    current.allow_skip !== fields.allow_skip ||
    current.overlap !== fields.overlap;
  if (changed) {
    // allow_skip may be null, which updateTaskColumns would skip as "not given".
    updateTaskColumns(db, task, { data: fields.data, meta: fields.meta, overlap: fields.overlap });
    if (current.allow_skip !== fields.allow_skip) setTaskAllowSkip(db, task, fields.allow_skip);
  }
  return changed;
}

/**
 * After a task's mirrored rows changed: its counters, is_labeled and agreement from its rows, and a bump.
 * A task inserted in this same write already carries `now` as its updated_at.
 */
export function finishMirroredTaskWrite(db: Db, task: number, now: string, inserted: boolean): void {
  if (inserted) refreshTaskCounters(db, task);
  // The updater stays as it was: a pull is nobody's edit.
  else refreshAndTouchTask(db, task, now, null);
  refreshTaskAgreement(db, task);
}

/** The annotation columns a remote decides (all but the local unique_id, task and project on updates). */
export type MirroredAnnotationColumns = Omit<AnnotationColumns, 'unique_id' | 'task' | 'project'>;

export function insertMirroredAnnotation(
  db: Db,
  target: { task: number; project: number; unique_id: string },
  columns: MirroredAnnotationColumns,
): number {
  return insertAnnotationRow(db, { ...columns, ...target });
}

export function updateMirroredAnnotation(db: Db, annotation: number, columns: MirroredAnnotationColumns): void {
  updateAnnotationColumns(db, annotation, columns);
  // Nullable columns a remote may clear, which the generic writer skips when null.
  setAnnotationNullables(db, annotation, {
    completed_by: columns.completed_by,
    updated_by: columns.updated_by,
    lead_time: columns.lead_time,
    draft_created_at: columns.draft_created_at,
    import_id: columns.import_id,
    last_action: columns.last_action,
    last_created_by: columns.last_created_by,
    parent_prediction: columns.parent_prediction,
    parent_annotation: columns.parent_annotation,
  });
}

export function deleteMirroredAnnotation(db: Db, annotation: number): void {
  deleteAnnotationRow(db, annotation);
}

export type MirroredPredictionColumns = Omit<PredictionColumns, 'task' | 'project'>;

export function insertMirroredPrediction(
  db: Db,
  target: { task: number; project: number },
  columns: MirroredPredictionColumns,
): number {
  return insertPredictionRow(db, { ...columns, ...target });
}

export function updateMirroredPrediction(db: Db, prediction: number, columns: MirroredPredictionColumns): void {
  updatePredictionColumns(db, prediction, columns);
  setPredictionNullables(db, prediction, {
    score: columns.score,
    cluster: columns.cluster,
    neighbors: columns.neighbors,
  });
}

export function deleteMirroredPrediction(db: Db, prediction: number): void {
  deletePredictionRow(db, prediction);
}

/** A mirrored task gone from the remote: its annotations, predictions and mappings go with it (cascade). */
export function deleteMirroredTask(db: Db, task: number): void {
  deleteTaskRow(db, task);
}
