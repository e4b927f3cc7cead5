import type { Db } from '../open.js';
import { statement } from '../statement.js';
import type { DraftColumns } from './draftsRepo.js';
import { insertDraftRow } from './draftsRepo.js';

/*
 * What a pull copies of a remote beyond its task list (migration 0016): drafts tied to their
 * remote ids, and on annotations the prediction snapshot and the server's unique_id.
 */

/** The drafts of a task that came from a remote: local id -> remote id. */
export function listMirrorDraftsOfTask(db: Db, remote: number, task: number): Map<number, number> {
  const rows = statement(
    db,
    `SELECT rd.remote_draft_id, rd.draft FROM remote_drafts rd JOIN drafts d ON d.id = rd.draft
     WHERE rd.remote = ? AND d.task = ?`,
  ).all(remote, task) as { remote_draft_id: number; draft: number }[];
  return new Map(rows.map((row) => [row.remote_draft_id, row.draft]));
}

export function insertMirrorDraft(db: Db, remote: number, remoteDraftId: number, columns: DraftColumns): number {
  const draft = insertDraftRow(db, columns);
  statement(db, 'INSERT INTO remote_drafts (draft, remote, remote_draft_id) VALUES (?, ?, ?)').run(
    draft,
    remote,
    remoteDraftId,
  );
  return draft;
}

/**
 * The prediction snapshot (JSON text, null for none) and the server's unique_id of a mirrored
 * annotation. The unique_id is taken only while no other annotation here holds it.
 */
export function setAnnotationExtras(db: Db, annotation: number, prediction: string | null, uniqueId: string | null) {
  statement(db, 'UPDATE annotations SET prediction = ? WHERE id = ?').run(prediction, annotation);
  if (uniqueId === null) return;
  statement(
    db,
    `UPDATE annotations SET unique_id = @uniqueId
     WHERE id = @annotation AND NOT EXISTS (SELECT 1 FROM annotations WHERE unique_id = @uniqueId)`,
  ).run({ uniqueId, annotation });
}

/** A mirrored task's updated_at, updater and upload as the remote has them (nulls included). */
export function setMirroredTaskOrigin(
  db: Db,
  task: number,
  origin: { updated_at: string; updated_by: number | null; file_upload: number | null },
): void {
  statement(
    db,
    'UPDATE tasks SET updated_at = @updated_at, updated_by = @updated_by, file_upload = @file_upload WHERE id = @task',
  ).run({ ...origin, task });
}

/** A mirrored project's creation as the remote tells it (a missing time keeps the local one). */
export function setProjectCreation(
  db: Db,
  project: number,
  creation: { created_at: string | null; created_by: number | null },
): void {
  statement(
    db,
    'UPDATE projects SET created_at = coalesce(@created_at, created_at), created_by = @created_by WHERE id = @project',
  ).run({ ...creation, project });
}
