import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The journal of server-to-server copies (`server_copies`, `server_copy_tasks`,
 * `server_copy_files`): what each copy has sent to its target, marked before the request leaves
 * and completed with the target's id once it is known.
 */

export interface ServerCopyRow {
  id: number;
  project: number;
  remote: number;
  title: string;
  marker: string;
  create_sent: number;
  target_project_id: number | null;
  status: 'copying' | 'done';
  created_at: string;
  finished_at: string | null;
}

export interface CopyTaskRow {
  task: number;
  batch: number;
  sent: number;
  target_task_id: number | null;
}

export interface CopyFileRow {
  source_url: string;
  upload_name: string;
  sent: number;
  target_url: string | null;
}

export function findServerCopy(db: Db, id: number): ServerCopyRow | undefined {
  return statement(db, 'SELECT * FROM server_copies WHERE id = ?').get(id) as ServerCopyRow | undefined;
}

/** The copy of this project to this remote that has not finished, if one was cut off. */
export function findUnfinishedCopy(db: Db, project: number, remote: number): ServerCopyRow | undefined {
  return statement(
    db,
    "SELECT * FROM server_copies WHERE project = ? AND remote = ? AND status = 'copying' ORDER BY id DESC LIMIT 1",
  ).get(project, remote) as ServerCopyRow | undefined;
}

export function insertServerCopy(
  db: Db,
  row: Pick<ServerCopyRow, 'project' | 'remote' | 'title' | 'marker' | 'created_at'>,
): number {
  const result = statement(
    db,
    'INSERT INTO server_copies (project, remote, title, marker, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(row.project, row.remote, row.title, row.marker, row.created_at);
  return Number(result.lastInsertRowid);
}

/** Takes the project's tasks as they are now, `batchSize` per import, in id order. */
export function snapshotCopyTasks(db: Db, copy: number, project: number, batchSize: number): void {
  statement(
    db,
    `INSERT INTO server_copy_tasks (copy, task, batch)
     SELECT ?, id, (row_number() OVER (ORDER BY id) - 1) / ? FROM tasks WHERE project = ?`,
  ).run(copy, batchSize, project);
}

export function markCopyProjectSent(db: Db, copy: number): void {
  statement(db, 'UPDATE server_copies SET create_sent = 1 WHERE id = ?').run(copy);
}

export function setCopyTargetProject(db: Db, copy: number, targetProjectId: number): void {
  statement(db, 'UPDATE server_copies SET target_project_id = ? WHERE id = ?').run(targetProjectId, copy);
}

export function finishServerCopy(db: Db, copy: number, finishedAt: string): void {
  statement(db, "UPDATE server_copies SET status = 'done', finished_at = ? WHERE id = ?").run(finishedAt, copy);
}

/** The batches with a task not yet on the target, in order. */
export function listOpenCopyBatches(db: Db, copy: number): number[] {
  return statement(
    db,
    'SELECT DISTINCT batch FROM server_copy_tasks WHERE copy = ? AND target_task_id IS NULL ORDER BY batch',
  )
    .pluck()
    .all(copy) as number[];
}

export function listCopyBatch(db: Db, copy: number, batch: number): CopyTaskRow[] {
  return statement(
    db,
    'SELECT task, batch, sent, target_task_id FROM server_copy_tasks WHERE copy = ? AND batch = ? ORDER BY task',
  ).all(copy, batch) as CopyTaskRow[];
}

export function markCopyBatchSent(db: Db, copy: number, batch: number): void {
  statement(db, 'UPDATE server_copy_tasks SET sent = 1 WHERE copy = ? AND batch = ?').run(copy, batch);
}

/** Takes back a batch's mark: the target was searched and holds none of it. */
export function unmarkCopyBatch(db: Db, copy: number, batch: number): void {
  statement(db, 'UPDATE server_copy_tasks SET sent = 0 WHERE copy = ? AND batch = ?').run(copy, batch);
}

export function setCopyTargetTask(db: Db, copy: number, task: number, targetTaskId: number): void {
  statement(db, 'UPDATE server_copy_tasks SET target_task_id = ? WHERE copy = ? AND task = ?').run(
    targetTaskId,
    copy,
    task,
  );
}

export function countCopyTasks(db: Db, copy: number): { total: number; copied: number } {
  return statement(
    db,
    'SELECT count(*) AS total, count(target_task_id) AS copied FROM server_copy_tasks WHERE copy = ?',
  ).get(copy) as { total: number; copied: number };
}

export function findCopyFile(db: Db, copy: number, sourceUrl: string): CopyFileRow | undefined {
  return statement(
    db,
    'SELECT source_url, upload_name, sent, target_url FROM server_copy_files WHERE copy = ? AND source_url = ?',
  ).get(copy, sourceUrl) as CopyFileRow | undefined;
}

/** Records that a file's upload may leave now (inserted marked as sent). */
export function markCopyFileSent(db: Db, copy: number, sourceUrl: string, uploadName: string): void {
  statement(
    db,
    `INSERT INTO server_copy_files (copy, source_url, upload_name, sent) VALUES (?, ?, ?, 1)
     ON CONFLICT (copy, source_url) DO UPDATE SET sent = 1`,
  ).run(copy, sourceUrl, uploadName);
}

export function setCopyFileTarget(db: Db, copy: number, sourceUrl: string, targetUrl: string): void {
  statement(db, 'UPDATE server_copy_files SET target_url = ? WHERE copy = ? AND source_url = ?').run(
    targetUrl,
    copy,
    sourceUrl,
  );
}

/** Tasks deleted here since the copy began: nothing is left to copy of them. */
export function dropCopyTask(db: Db, copy: number, task: number): void {
  statement(db, 'DELETE FROM server_copy_tasks WHERE copy = ? AND task = ?').run(copy, task);
}

/** Forgets everything a copy sent: its target project was deleted there, so it starts over. */
export function restartServerCopy(db: Db, copy: number): void {
  statement(db, 'UPDATE server_copies SET create_sent = 0, target_project_id = NULL WHERE id = ?').run(copy);
  statement(db, 'UPDATE server_copy_tasks SET sent = 0, target_task_id = NULL WHERE copy = ?').run(copy);
  statement(db, 'DELETE FROM server_copy_files WHERE copy = ?').run(copy);
}
