import { findMirrorAnnotationByRemote, findMirrorPrediction } from '../../db/repos/syncMirrorRepo.js';
import { resultCount } from '../../domain/annotations/resultCount.js';
import type { MirroredAnnotationColumns } from '../../domain/sync/mirrorWrites.js';
import type { PullRun } from './pullRun.js';
import { authorOf, completedById, type RemoteAnnotation } from './remoteTask.js';

/** The local columns of a pulled annotation: the remote's values, with its users and parents mapped to local ids. */
export function columnsOf(run: PullRun, remote: RemoteAnnotation): MirroredAnnotationColumns {
  const { ctx, authors } = run;
  const authorId = completedById(remote);
  const parentAnnotation = remote.parent_annotation
    ? findMirrorAnnotationByRemote(ctx.db, ctx.remoteId, remote.parent_annotation)?.annotation
    : undefined;
  const parentPrediction = remote.parent_prediction
    ? findMirrorPrediction(ctx.db, ctx.remoteId, remote.parent_prediction)
    : undefined;
  return {
    result: JSON.stringify(remote.result ?? null),
    completed_by: authorId === null ? null : authors.author(authorId, authorOf(remote), run.now()),
    updated_by: authors.known(remote.updated_by),
    was_cancelled: Number(remote.was_cancelled === true),
    ground_truth: Number(remote.ground_truth === true),
    lead_time: remote.lead_time ?? null,
    created_at: remote.created_at ?? remote.updated_at,
    updated_at: remote.updated_at,
    draft_created_at: remote.draft_created_at ?? null,
    import_id: remote.import_id ?? null,
    last_action: remote.last_action ?? null,
    last_created_by: authors.known(remote.last_created_by),
    parent_prediction: parentPrediction ?? null,
    parent_annotation: parentAnnotation ?? null,
    bulk_created: Number(remote.bulk_created === true),
    // The task list does not show it: counted as an annotation saved through the API is.
    result_count: resultCount(remote.result ?? null),
  };
}
