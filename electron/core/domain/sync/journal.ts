import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/open.js';
import { findMirrorAnnotation, type MirrorAnnotationRow } from '../../db/repos/syncMirrorRepo.js';
import {
  deleteOutboxRow,
  findRemoteOfProject,
  forgetOutboxAnnotation,
  insertOutboxRow,
  listJournalAnnotationsOfTasks,
  listPendingOfAnnotation,
  markOutboxDone,
  readJournalAnnotation,
  type JournalAnnotation,
} from '../../db/repos/syncOutboxRepo.js';
import { encodeDeleteRecord } from './journalRecords.js';

/*
 * The outbox journal: every local change to a mirrored project (one with a remote_projects row)
 * leaves a sync_outbox row, written by the domain function that makes the change, inside its
 * transaction, so the change and its row commit or roll back together. Rows say what changed,
 * not how: the push reads the annotation as it is then, so one pending row covers later edits.
 * The pull writes through repos, never through these domain paths, so it is never journaled.
 */

function createRow(db: Db, remote: number, annotation: JournalAnnotation, now: string): void {
  insertOutboxRow(db, {
    remote,
    project: annotation.project,
    task: annotation.task,
    kind: 'annotation_create',
    annotation: annotation.id,
    unique_id: annotation.unique_id,
    created_at: now,
  });
}

/** After an annotation (a skip included) was inserted. */
export function journalAnnotationCreated(db: Db, annotationId: number, now: string): void {
  const annotation = readJournalAnnotation(db, annotationId);
  const remote = annotation && findRemoteOfProject(db, annotation.project);
  if (!annotation || remote === undefined) return;
  createRow(db, remote, annotation, now);
}

/**
 * After an annotation changed. A pending create or update already pushes the latest state; an
 * annotation the remote never had (no mapping) is created there rather than updated.
 */
export function journalAnnotationUpdated(db: Db, annotationId: number, now: string): void {
  const annotation = readJournalAnnotation(db, annotationId);
  const remote = annotation && findRemoteOfProject(db, annotation.project);
  if (!annotation || remote === undefined) return;
  const pending = listPendingOfAnnotation(db, annotation.id);
  if (pending.some((row) => row.kind === 'annotation_create' || row.kind === 'annotation_update')) return;
  const mapping = findMirrorAnnotation(db, annotation.id);
  if (!mapping) {
    createRow(db, remote, annotation, now);
    return;
  }
  insertOutboxRow(db, {
    remote,
    project: annotation.project,
    task: annotation.task,
    kind: 'annotation_update',
    annotation: annotation.id,
    remote_annotation_id: mapping.remote_annotation_id,
    created_at: now,
  });
}

/**
 * An annotation about to go (or gone: `annotation` and `mapping` were read before). Its pending
 * rows close; a create never sent is simply dropped. The remote twin, known by its mapping or
 * possibly made by a create already sent, gets a delete row carrying the agreed base.
 */
export function journalDeletion(
  db: Db,
  remote: number,
  annotation: JournalAnnotation,
  mapping: MirrorAnnotationRow | undefined,
  now: string,
): void {
  let mayHaveLanded = false;
  let updateMayHaveLanded = false;
  for (const row of listPendingOfAnnotation(db, annotation.id)) {
    if (row.kind === 'annotation_create' && row.attempts === 0) {
      deleteOutboxRow(db, row.id);
      continue;
    }
    if (row.kind === 'annotation_create') mayHaveLanded = true;
    if (row.kind === 'annotation_update' && row.attempts > 0) updateMayHaveLanded = true;
    markOutboxDone(db, row.id, now, 'superseded: deleted locally');
    forgetOutboxAnnotation(db, row.id);
  }
  if (!mapping && !mayHaveLanded) return;
  const base = mapping
    ? {
        result: mapping.base_result,
        wasCancelled: mapping.base_was_cancelled === 1,
        groundTruth: mapping.base_ground_truth === 1,
      }
    : {
        result: annotation.result,
        wasCancelled: annotation.was_cancelled === 1,
        groundTruth: annotation.ground_truth === 1,
      };
  // A PATCH sent without an answer may have put this version there; the push must not take it
  // for an edit made on the remote (killPush found it: the deletion came back as a conflict).
  const sent =
    mapping && updateMayHaveLanded
      ? {
          result: annotation.result,
          wasCancelled: annotation.was_cancelled === 1,
          groundTruth: annotation.ground_truth === 1,
        }
      : undefined;
  insertOutboxRow(db, {
    remote,
    project: annotation.project,
    task: annotation.task,
    kind: 'annotation_delete',
    remote_annotation_id: mapping?.remote_annotation_id ?? null,
    base: encodeDeleteRecord({ ...base, importId: annotation.id, sent }),
    created_at: now,
  });
}

/** Before an annotation's row is deleted (its mapping goes with it). */
export function journalAnnotationDeleting(db: Db, annotationId: number, now: string): void {
  const annotation = readJournalAnnotation(db, annotationId);
  const remote = annotation && findRemoteOfProject(db, annotation.project);
  if (!annotation || remote === undefined) return;
  journalDeletion(db, remote, annotation, findMirrorAnnotation(db, annotation.id), now);
}

/**
 * After tasks were created in a project (POST /api/tasks, an import): a task_create per task,
 * its marker a fresh uuid (`unique_id`) the push stores in the remote task's meta, then a create
 * per annotation that came with them, so each task's rows keep that order.
 */
export function journalTasksCreated(db: Db, project: number, taskIds: readonly number[], now: string): void {
  const remote = findRemoteOfProject(db, project);
  if (remote === undefined || taskIds.length === 0) return;
  for (const task of taskIds) {
    insertOutboxRow(db, { remote, project, task, kind: 'task_create', unique_id: randomUUID(), created_at: now });
  }
  for (const annotation of listJournalAnnotationsOfTasks(db, taskIds)) createRow(db, remote, annotation, now);
}
