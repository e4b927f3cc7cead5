import { deleteDraftRow, updateDraftColumns, type DraftColumns } from '../../db/repos/draftsRepo.js';
import { insertMirrorDraft, listMirrorDraftsOfTask, setAnnotationExtras } from '../../db/repos/syncExtrasRepo.js';
import { findMirrorAnnotationByRemote } from '../../db/repos/syncMirrorRepo.js';
import type { PullRun } from './pullRun.js';
import { draftAuthorId, type RemoteDraft, type RemoteTaskExtras } from './remoteExtras.js';
import { authorOf } from './remoteTask.js';

/*
 * Pull step 3c: what the remote's export adds to a task just applied (remoteExtras.ts). Each
 * mirrored annotation gets the server's prediction snapshot and unique_id; the task's drafts from
 * the remote are made to equal the server's list (new ones added, changed ones rewritten, gone
 * ones removed). Drafts saved in this Outpost are not the remote's and stay as they are.
 */

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

function draftColumns(run: PullRun, task: number, draft: RemoteDraft): DraftColumns {
  const { ctx } = run;
  const authorId = draftAuthorId(draft);
  const identity =
    authorId === null
      ? null
      : authorOf({ id: 0, updated_at: '', completed_by: authorId, created_username: draft.created_username });
  const annotation = draft.annotation
    ? findMirrorAnnotationByRemote(ctx.db, ctx.remoteId, draft.annotation)?.annotation
    : undefined;
  const updatedAt = draft.updated_at ?? draft.created_at ?? run.now();
  return {
    task,
    project: run.projectId,
    annotation: annotation ?? null,
    user: authorId === null ? null : run.authors.author(authorId, identity, run.now()),
    result: JSON.stringify(draft.result ?? []),
    lead_time: draft.lead_time ?? null,
    was_postponed: Number(draft.was_postponed === true),
    import_id: draft.import_id ?? null,
    created_at: draft.created_at ?? updatedAt,
    updated_at: updatedAt,
  };
}

export function applyTaskExtras(run: PullRun, task: number, extras: RemoteTaskExtras): void {
  const { db, remoteId } = run.ctx;
  for (const [remoteAnnotationId, annotationExtras] of extras.annotations) {
    const local = findMirrorAnnotationByRemote(db, remoteId, remoteAnnotationId)?.annotation;
    if (local === undefined) continue;
    const snapshot = annotationExtras.prediction;
    const prediction =
      snapshot === undefined || snapshot === null || isEmptyObject(snapshot) ? null : JSON.stringify(snapshot);
    setAnnotationExtras(
      db,
      local,
      prediction,
      typeof annotationExtras.unique_id === 'string' ? annotationExtras.unique_id : null,
    );
  }
  const mirrored = listMirrorDraftsOfTask(db, remoteId, task);
  for (const draft of extras.drafts) {
    const columns = draftColumns(run, task, draft);
    const local = mirrored.get(draft.id);
    if (local === undefined) insertMirrorDraft(db, remoteId, draft.id, columns);
    else updateDraftColumns(db, local, columns);
    mirrored.delete(draft.id);
  }
  for (const gone of mirrored.values()) deleteDraftRow(db, gone);
}
