import { findMirrorTask, findLocalTaskOfRemote, upsertMirrorTask } from '../../db/repos/syncMirrorRepo.js';
import {
  finishMirroredTaskWrite,
  insertMirroredTask,
  updateMirroredTask,
  type MirroredTaskFields,
} from '../../domain/sync/mirrorWrites.js';
import { applyAnnotations } from './applyAnnotations.js';
import { applyPredictions } from './applyPredictions.js';
import type { PullRun } from './pullRun.js';
import { taskUpdaterId, type RemoteTask } from './remoteTask.js';
import { findFileUploadByFile, insertFileUploadRow } from '../../db/repos/fileUploadsRepo.js';
import { setMirroredTaskOrigin } from '../../db/repos/syncExtrasRepo.js';

/*
 * Pull step 3: one remote task into its local mirror, inside the caller's transaction. Data and
 * meta are stored as the remote sent them (media references untouched: caching them is a later
 * step). Predictions go first so annotations can point at them (`parent_prediction`).
 */

function fieldsOf(remote: RemoteTask, maximumAnnotations: number): MirroredTaskFields {
  return {
    data: JSON.stringify(remote.data),
    meta: JSON.stringify(remote.meta ?? {}),
    allow_skip: remote.allow_skip === undefined ? 1 : remote.allow_skip === null ? null : Number(remote.allow_skip),
    overlap: remote.overlap ?? maximumAnnotations,
    created_at: remote.created_at ?? remote.updated_at,
  };
}

/** Returns whether anything of the task changed here. */
export function applyRemoteTask(run: PullRun, remote: RemoteTask): boolean {
  const { db, remoteId } = run.ctx;
  const fields = fieldsOf(remote, run.maximumAnnotations);
  const now = run.now();

  let task = findLocalTaskOfRemote(db, remoteId, remote.id);
  let previousUpdatedAt: string | null = null;
  let taskChanged: boolean;
  const inserted = task === undefined;
  if (task === undefined) {
    task = insertMirroredTask(db, run.projectId, fields, now);
    taskChanged = true;
  } else {
    previousUpdatedAt = findMirrorTask(db, task)?.remote_updated_at ?? null;
    // Unchanged there since the last pull (the overlap window brings such tasks again).
    if (previousUpdatedAt === remote.updated_at) return false;
    taskChanged = updateMirroredTask(db, task, fields);
  }
  const predictions = applyPredictions(run, task, remote.predictions ?? [], remote.updated_at, inserted);
  const annotations = applyAnnotations(run, task, remote.annotations ?? [], previousUpdatedAt, inserted);
  upsertMirrorTask(db, { task, remote: remoteId, remote_task_id: remote.id, remote_updated_at: remote.updated_at });

  run.stats.predictions += predictions;
  run.stats.annotations += annotations;
  const changed = taskChanged || predictions > 0 || annotations > 0;
  if (changed) {
    finishMirroredTaskWrite(db, task, now, inserted);
    keepRemoteOrigin(run, task, remote);
    run.stats.tasks += 1;
  }
  return changed;
}

/**
 * The task as the server has it: its updated_at and updater (a pull is nobody's edit here, and
 * the server's time is what its exports show) and the upload it came from, by the file's name
 * (the file itself is in the media cache; the row only names it).
 */
function keepRemoteOrigin(run: PullRun, task: number, remote: RemoteTask): void {
  const { db } = run.ctx;
  let fileUpload: number | null = null;
  if (typeof remote.file_upload === 'string' && remote.file_upload) {
    const file = `upload/${run.projectId}/${remote.file_upload}`;
    fileUpload =
      findFileUploadByFile(db, file)?.id ??
      insertFileUploadRow(db, { project: run.projectId, user: null, file, size: 0, created_at: run.now() });
  }
  setMirroredTaskOrigin(db, task, {
    updated_at: remote.updated_at,
    updated_by: run.authors.known(taskUpdaterId(remote)),
    file_upload: fileUpload,
  });
}
