import { randomUUID } from 'node:crypto';
import { findAnnotationById } from '../../db/repos/annotationsRepo.js';
import { setAnnotationUniqueId } from '../../db/repos/syncConflictsRepo.js';
import {
  deleteMirrorAnnotation,
  listMirrorAnnotationsOfTask,
  upsertMirrorAnnotation,
  type MirrorAnnotationRow,
} from '../../db/repos/syncMirrorRepo.js';
import {
  insertOutboxCreate,
  insertSyncConflict,
  isUnlinkedPendingCreate,
  listPendingRemoteDeletes,
  supersedeOutboxOfAnnotation,
  supersedeOutboxRow,
} from '../../db/repos/syncPullRepo.js';
import {
  deleteMirroredAnnotation,
  insertMirroredAnnotation,
  updateMirroredAnnotation,
} from '../../domain/sync/mirrorWrites.js';
import { resolveByRegion, sameVersion, type RegionConflict } from '../conflict.js';
import { writeMergedVersion } from './applyMerge.js';
import { columnsOf } from './mirrorColumns.js';
import type { PullRun } from './pullRun.js';
import { remoteVersion, storedVersion, type RemoteAnnotation } from './remoteTask.js';

/*
 * Pull step 3b: a task's annotations, each resolved three ways (base = the mirror row's agreed
 * version, local = the annotation here, remote = the one just pulled or null if gone there).
 * Nothing an annotator did is dropped: edits of different regions merge (and the merge is
 * queued for the push), diverging edits of one region keep both, a conflict row says so, and
 * the outbox rows that would overwrite the remote are superseded.
 */

function writeMirror(run: PullRun, annotation: number, remote: RemoteAnnotation): void {
  const version = remoteVersion(remote);
  upsertMirrorAnnotation(run.ctx.db, {
    annotation,
    remote: run.ctx.remoteId,
    remote_annotation_id: remote.id,
    remote_updated_at: remote.updated_at,
    base_result: version.result,
    base_was_cancelled: Number(version.wasCancelled),
    base_ground_truth: Number(version.groundTruth),
  });
}

/** A new local annotation holding the remote version, with its mirror row. */
function createFromRemote(run: PullRun, task: number, remote: RemoteAnnotation): number {
  const target = { task, project: run.projectId, unique_id: randomUUID() };
  const id = insertMirroredAnnotation(run.ctx.db, target, columnsOf(run, remote));
  writeMirror(run, id, remote);
  return id;
}

function recordConflict(
  run: PullRun,
  task: number,
  kind: string,
  ids: { local: number | null; mirror: number | null; remote: number },
  regions: RegionConflict | null = null,
): number {
  run.conflicts += 1;
  return insertSyncConflict(run.ctx.db, {
    remote: run.ctx.remoteId,
    project: run.projectId,
    task,
    local_annotation: ids.local,
    mirror_annotation: ids.mirror,
    remote_annotation_id: ids.remote,
    kind,
    created_at: run.now(),
    regions: regions && JSON.stringify({ clashes: regions.clashes, merged: regions.merged }),
  });
}

/** One mirrored annotation (its local row exists) against the remote version or its absence. */
function resolveMirrored(run: PullRun, task: number, mirror: MirrorAnnotationRow, remote: RemoteAnnotation | null) {
  const { db } = run.ctx;
  const local = findAnnotationById(db, mirror.annotation)!;
  const base = storedVersion(mirror.base_result, mirror.base_was_cancelled, mirror.base_ground_truth);
  const action = resolveByRegion(
    base,
    storedVersion(local.result, local.was_cancelled, local.ground_truth),
    remote && remoteVersion(remote),
  );
  switch (action.kind) {
    case 'none':
      // Both sides agree: only the base moves (when the remote saved it again).
      if (remote && (mirror.remote_updated_at !== remote.updated_at || !sameBase(mirror, remote))) {
        writeMirror(run, local.id, remote);
      }
      return false;
    case 'take_remote':
      updateMirroredAnnotation(db, local.id, columnsOf(run, remote!));
      writeMirror(run, local.id, remote!);
      return true;
    case 'delete_local':
      supersedeOutboxOfAnnotation(db, local.id, 'superseded: deleted on the remote', run.now());
      deleteMirroredAnnotation(db, local.id);
      return true;
    case 'merge':
      // Different regions changed on each side: the merge is the mirror, over the remote version
      // as the agreed base, so the push's guarded PATCH carries it there.
      writeMergedVersion(run, local.id, action.merged, [local.lead_time, remote!.lead_time], true);
      writeMirror(run, local.id, remote!);
      run.merges += 1;
      return true;
    case 'keep_both': {
      // The remote version becomes the mirror; the annotator's version stays as its own annotation,
      // under an id of its own, so a later create of it can never be taken for its former twin.
      // When only some regions clash, both carry every merged region (the mirror pushes them).
      deleteMirrorAnnotation(db, local.id);
      setAnnotationUniqueId(db, local.id, randomUUID());
      const { regions } = action;
      if (regions) writeMergedVersion(run, local.id, regions.ours, [local.lead_time], false);
      const mirrorId = createFromRemote(run, task, remote!);
      if (regions && !sameVersion(regions.theirs, remoteVersion(remote!))) {
        writeMergedVersion(run, mirrorId, regions.theirs, [remote!.lead_time, local.lead_time], true);
        run.merges += 1;
      }
      const conflict = recordConflict(
        run,
        task,
        action.conflict,
        { local: local.id, mirror: mirrorId, remote: remote!.id },
        regions,
      );
      supersedeOutboxOfAnnotation(db, local.id, `superseded: conflict ${conflict}`, run.now());
      return true;
    }
    case 'push_as_new': {
      // Gone there, edited here: the edit is queued as a new remote annotation, under a new id.
      deleteMirrorAnnotation(db, local.id);
      const uniqueId = randomUUID();
      setAnnotationUniqueId(db, local.id, uniqueId);
      const conflict = recordConflict(run, task, action.conflict, {
        local: local.id,
        mirror: null,
        remote: mirror.remote_annotation_id,
      });
      supersedeOutboxOfAnnotation(db, local.id, `superseded: conflict ${conflict}`, run.now());
      insertOutboxCreate(db, {
        remote: run.ctx.remoteId,
        project: run.projectId,
        task,
        annotation: local.id,
        unique_id: uniqueId,
        created_at: run.now(),
      });
      return false;
    }
    default:
      // push_local / delete_remote: the local change waits in the outbox; the base stays.
      return false;
  }
}

function isOwnPost(run: PullRun, task: number, remote: RemoteAnnotation): boolean {
  const localId = remote.import_id;
  return typeof localId === 'number' && isUnlinkedPendingCreate(run.ctx.db, run.ctx.remoteId, task, localId);
}

function sameBase(mirror: MirrorAnnotationRow, remote: RemoteAnnotation): boolean {
  const version = remoteVersion(remote);
  return (
    mirror.base_result === version.result &&
    mirror.base_was_cancelled === Number(version.wasCancelled) &&
    mirror.base_ground_truth === Number(version.groundTruth)
  );
}

/**
 * Applies a pulled task's annotation list to its local mirror task. `previousTaskUpdatedAt` is
 * the remote task's updated_at stored at its last pull: an annotation saved after it changed
 * there since (both are the remote's clock). A task `inserted` by this pull has nothing mirrored
 * or waiting in the outbox yet, so that is not looked up. Returns how many annotations changed here.
 */
export function applyAnnotations(
  run: PullRun,
  task: number,
  remoteAnnotations: readonly RemoteAnnotation[],
  previousTaskUpdatedAt: string | null,
  inserted: boolean,
): number {
  const { db, remoteId } = run.ctx;
  const byRemoteId = new Map(remoteAnnotations.map((annotation) => [annotation.id, annotation]));
  const mirrors = inserted ? [] : listMirrorAnnotationsOfTask(db, task);
  const mirrored = new Set(mirrors.map((mirror) => mirror.remote_annotation_id));
  const pendingDeletes = new Map(
    inserted ? [] : listPendingRemoteDeletes(db, remoteId, task).map((row) => [row.remote_annotation_id, row.id]),
  );
  let changed = 0;

  for (const mirror of mirrors) {
    if (resolveMirrored(run, task, mirror, byRemoteId.get(mirror.remote_annotation_id) ?? null)) changed += 1;
  }
  for (const remote of remoteAnnotations) {
    if (mirrored.has(remote.id)) continue;
    const deleteRow = pendingDeletes.get(remote.id);
    if (deleteRow === undefined && !inserted && isOwnPost(run, task, remote)) {
      // A push posted it (with import_id = the local id) but died before linking: link, do not copy.
      writeMirror(run, remote.import_id!, remote);
      continue;
    }
    if (deleteRow === undefined) {
      createFromRemote(run, task, remote);
      changed += 1;
      continue;
    }
    // Deleted here (its row and base are gone). Edited there since the last pull: the edit wins.
    const editedThere = previousTaskUpdatedAt === null || remote.updated_at > previousTaskUpdatedAt;
    if (!editedThere) continue;
    const mirrorId = createFromRemote(run, task, remote);
    const conflict = recordConflict(run, task, 'deleted_here_edited_there', {
      local: null,
      mirror: mirrorId,
      remote: remote.id,
    });
    supersedeOutboxRow(db, deleteRow, `superseded: conflict ${conflict}`, run.now());
    changed += 1;
  }
  // A local deletion of something already gone there has nothing left to do.
  for (const [remoteAnnotationId, rowId] of pendingDeletes) {
    if (!byRemoteId.has(remoteAnnotationId))
      supersedeOutboxRow(db, rowId, 'superseded: already deleted on the remote', run.now());
  }
  return changed;
}
