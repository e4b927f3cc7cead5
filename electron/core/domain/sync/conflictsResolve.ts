import { randomUUID } from 'node:crypto';
import type { Conflict, Resolution } from '../../../../shared/api/conflicts.js';
import type { Db } from '../../db/open.js';
import { findAnnotationById } from '../../db/repos/annotationsRepo.js';
import { findMirrorAnnotation } from '../../db/repos/syncMirrorRepo.js';
import {
  findSyncConflict,
  hasPendingCreate,
  markConflictResolved,
  setAnnotationUniqueId,
  supersedeOutboxOfTask,
  unlinkTaskFromRemote,
  type SyncConflictRow,
} from '../../db/repos/syncConflictsRepo.js';
import type { AnnotationInput } from '../annotations/annotationFields.js';
import { deleteAnnotation } from '../annotations/deleteAnnotation.js';
import { updateAnnotation } from '../annotations/updateAnnotation.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ConflictError } from '../errors.js';
import { getConflictRow, toWire, viewConflict } from './conflicts.js';
import { journalAnnotationCreated, journalTasksCreated } from './journal.js';
import { deleteMirroredTask } from './mirrorWrites.js';

/*
 * A person's answer to a conflict, applied in one transaction. Nothing is lost silently: every
 * local change made on the user's behalf goes through the journal (or the annotation domain
 * functions, which journal), so the next push carries it. What each choice means:
 *
 * edited_on_both_sides (local = the annotator's copy, unmirrored; mirror = the remote version)
 *   keep_mine   the mirror takes the local result (an update → PATCH); the copy goes (a delete
 *               is journaled only if the copy ever reached the remote).
 *   keep_theirs the copy goes, same rule; the remote version stays.
 *   keep_both   the copy is queued as a new remote annotation, under a fresh unique_id (its old
 *               one may be the id the mirror's twin was posted with).
 * edited_here_deleted_there (the pull already queued the local edit as a new annotation)
 *   keep_mine = keep_both: it stays queued (queued again if something closed its create).
 *   keep_theirs the local copy is deleted: an unsent create is dropped, a sent one is deleted there.
 * deleted_here_edited_there (the pull restored the remote version as the mirror)
 *   keep_theirs = keep_both: the restored version stays (the other side is a deletion: nothing
 *               more to keep).
 *   keep_mine   the deletion is made again: the mirror is deleted here and there.
 * task_deleted_there (the remote deleted a task that holds unpushed work here)
 *   keep_mine = keep_both: the task becomes local-only (its remote links go, its pending rows are
 *               superseded) and is journaled as a new task with all its annotations, so the push
 *               creates a new remote task holding the work as it is here.
 *   keep_theirs the task and everything in it are deleted here (not journaled: gone there already).
 */

export const ALREADY_RESOLVED = 'This conflict is already resolved.';

interface Resolver {
  ctx: DomainContext;
  userId: number;
  row: SyncConflictRow;
  now: string;
}

const exists = (db: Db, id: number | null): id is number => id !== null && findAnnotationById(db, id) !== undefined;

/** Makes sure an annotation will reach the remote as a new annotation (unless it already did). */
function queueAsNew(db: Db, annotation: number, now: string, freshUniqueId: boolean): void {
  if (findMirrorAnnotation(db, annotation) || hasPendingCreate(db, annotation)) return;
  if (freshUniqueId) setAnnotationUniqueId(db, annotation, randomUUID());
  journalAnnotationCreated(db, annotation, now);
}

function resolveEditedOnBothSides({ ctx, userId, row, now }: Resolver, resolution: Resolution): void {
  const local = exists(ctx.db, row.local_annotation) ? row.local_annotation : null;
  const mirror = exists(ctx.db, row.mirror_annotation) ? row.mirror_annotation : null;
  if (local === null) return; // The copy was deleted meanwhile: only the remote version is left.
  if (resolution === 'keep_both' || (resolution === 'keep_mine' && mirror === null)) {
    queueAsNew(ctx.db, local, now, true);
    return;
  }
  if (resolution === 'keep_mine' && mirror !== null) {
    const mine = findAnnotationById(ctx.db, local)!;
    const input: AnnotationInput = {
      result: JSON.parse(mine.result) as AnnotationInput['result'],
      was_cancelled: mine.was_cancelled === 1,
      lead_time: mine.lead_time,
    };
    updateAnnotation(ctx, userId, mirror, input);
  }
  deleteAnnotation(ctx, userId, local);
}

function resolveEditedHereDeletedThere({ ctx, userId, row, now }: Resolver, resolution: Resolution): void {
  if (!exists(ctx.db, row.local_annotation)) return;
  if (resolution === 'keep_theirs') deleteAnnotation(ctx, userId, row.local_annotation);
  else queueAsNew(ctx.db, row.local_annotation, now, false);
}

function resolveDeletedHereEditedThere({ ctx, userId, row }: Resolver, resolution: Resolution): void {
  if (resolution === 'keep_mine' && exists(ctx.db, row.mirror_annotation)) {
    deleteAnnotation(ctx, userId, row.mirror_annotation);
  }
}

function resolveTaskDeletedThere({ ctx, row, now }: Resolver, resolution: Resolution): void {
  if (resolution === 'keep_theirs') {
    supersedeOutboxOfTask(ctx.db, row.remote, row.task, `superseded: conflict ${row.id} (task deleted)`, now);
    // The conflict row goes with the task (its foreign key cascades).
    deleteMirroredTask(ctx.db, row.task);
    return;
  }
  supersedeOutboxOfTask(ctx.db, row.remote, row.task, `superseded: conflict ${row.id} (task re-created)`, now);
  unlinkTaskFromRemote(ctx.db, row.task);
  journalTasksCreated(ctx.db, row.project, [row.task], now);
}

const RESOLVERS: Record<string, (resolver: Resolver, resolution: Resolution) => void> = {
  edited_on_both_sides: resolveEditedOnBothSides,
  edited_here_deleted_there: resolveEditedHereDeletedThere,
  deleted_here_edited_there: resolveDeletedHereEditedThere,
  task_deleted_there: resolveTaskDeletedThere,
};

/**
 * `POST /api/outpost/conflicts/{id}/resolve`: applies `resolution` and closes the conflict, all
 * or nothing. Returns the resolved conflict (for a task deleted by keep_theirs, as it was just
 * before the deletion, with its resolution: the row itself cascaded away with the task).
 */
export function resolveConflict(
  ctx: DomainContext,
  userId: number,
  conflictId: number,
  resolution: Resolution,
): Conflict {
  const now = formatTimestamp(ctx.clock());
  return ctx.db.transaction(() => {
    const row = getConflictRow(ctx.db, conflictId);
    if (row.resolved_at !== null) throw new ConflictError(ALREADY_RESOLVED);
    const before = viewConflict(ctx.db, row);
    if (!markConflictResolved(ctx.db, row.id, resolution, now)) throw new ConflictError(ALREADY_RESOLVED);
    RESOLVERS[row.kind]?.({ ctx, userId, row, now }, resolution);
    const after = findSyncConflict(ctx.db, row.id);
    return toWire(after ? viewConflict(ctx.db, after) : { ...before, resolved_at: now, resolution });
  })();
}
