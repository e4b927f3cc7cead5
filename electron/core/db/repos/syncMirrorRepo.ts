import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The mapping between local rows and their twins on a remote (migration 0006). Local ids stay
 * the app's ids; these rows name the remote ids and, for annotations, the last agreed version.
 */

export interface MirrorProjectRow {
  project: number;
  remote: number;
  remote_project_id: number;
  pulled_until: string | null;
  pull_checkpoint: string | null;
  last_pull_at: string | null;
  last_push_at: string | null;
  /** The remote project's model_version at the last complete pull (null: not seen yet; migration 0009). */
  remote_model_version: string | null;
}

export function findMirrorProject(db: Db, project: number): MirrorProjectRow | undefined {
  return statement(db, 'SELECT * FROM remote_projects WHERE project = ?').get(project) as MirrorProjectRow | undefined;
}

export function findMirrorProjectByRemote(
  db: Db,
  remote: number,
  remoteProjectId: number,
): MirrorProjectRow | undefined {
  return statement(db, 'SELECT * FROM remote_projects WHERE remote = ? AND remote_project_id = ?').get(
    remote,
    remoteProjectId,
  ) as MirrorProjectRow | undefined;
}

export function listMirrorProjects(db: Db, remote: number): MirrorProjectRow[] {
  return statement(db, 'SELECT * FROM remote_projects WHERE remote = ? ORDER BY project').all(
    remote,
  ) as MirrorProjectRow[];
}

export function insertMirrorProject(
  db: Db,
  row: Pick<MirrorProjectRow, 'project' | 'remote' | 'remote_project_id'>,
): void {
  statement(
    db,
    'INSERT INTO remote_projects (project, remote, remote_project_id) VALUES (@project, @remote, @remote_project_id)',
  ).run(row);
}

type MirrorProjectState = Partial<
  Pick<MirrorProjectRow, 'pulled_until' | 'pull_checkpoint' | 'last_pull_at' | 'last_push_at' | 'remote_model_version'>
>;
const PROJECT_STATE_COLUMNS = [
  'pulled_until',
  'pull_checkpoint',
  'last_pull_at',
  'last_push_at',
  'remote_model_version',
] as const;

/** Sets the given state columns (null clears one; absent keys are left alone). */
export function updateMirrorProject(db: Db, project: number, state: MirrorProjectState): void {
  const columns = PROJECT_STATE_COLUMNS.filter((column) => column in state);
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = @${column}`).join(', ');
  statement(db, `UPDATE remote_projects SET ${assignments} WHERE project = @project`).run({ ...state, project });
}

export interface MirrorTaskRow {
  task: number;
  remote: number;
  remote_task_id: number;
  remote_updated_at: string | null;
}

export function findMirrorTask(db: Db, task: number): MirrorTaskRow | undefined {
  return statement(db, 'SELECT * FROM remote_tasks WHERE task = ?').get(task) as MirrorTaskRow | undefined;
}

export function findLocalTaskOfRemote(db: Db, remote: number, remoteTaskId: number): number | undefined {
  return statement(db, 'SELECT task FROM remote_tasks WHERE remote = ? AND remote_task_id = ?')
    .pluck()
    .get(remote, remoteTaskId) as number | undefined;
}

export function upsertMirrorTask(db: Db, row: MirrorTaskRow): void {
  statement(
    db,
    `INSERT INTO remote_tasks (task, remote, remote_task_id, remote_updated_at)
     VALUES (@task, @remote, @remote_task_id, @remote_updated_at)
     ON CONFLICT (task) DO UPDATE SET remote_task_id = excluded.remote_task_id, remote_updated_at = excluded.remote_updated_at`,
  ).run(row);
}

/** Remote task id -> local task id, for every mirrored task of a local project. */
export function listMirrorTasksOfProject(db: Db, project: number): Map<number, number> {
  const rows = statement(
    db,
    'SELECT rt.remote_task_id, rt.task FROM remote_tasks rt JOIN tasks t ON t.id = rt.task WHERE t.project = ?',
  )
    .raw()
    .all(project) as [number, number][];
  return new Map(rows);
}

export interface MirrorAnnotationRow {
  annotation: number;
  remote: number;
  remote_annotation_id: number;
  remote_updated_at: string;
  base_result: string;
  base_was_cancelled: number;
  base_ground_truth: number;
}

export function findMirrorAnnotation(db: Db, annotation: number): MirrorAnnotationRow | undefined {
  return statement(db, 'SELECT * FROM remote_annotations WHERE annotation = ?').get(annotation) as
    MirrorAnnotationRow | undefined;
}

export function findMirrorAnnotationByRemote(
  db: Db,
  remote: number,
  remoteId: number,
): MirrorAnnotationRow | undefined {
  return statement(db, 'SELECT * FROM remote_annotations WHERE remote = ? AND remote_annotation_id = ?').get(
    remote,
    remoteId,
  ) as MirrorAnnotationRow | undefined;
}

export function upsertMirrorAnnotation(db: Db, row: MirrorAnnotationRow): void {
  statement(
    db,
    `INSERT INTO remote_annotations (annotation, remote, remote_annotation_id, remote_updated_at, base_result,
       base_was_cancelled, base_ground_truth)
     VALUES (@annotation, @remote, @remote_annotation_id, @remote_updated_at, @base_result, @base_was_cancelled,
       @base_ground_truth)
     ON CONFLICT (annotation) DO UPDATE SET remote_annotation_id = excluded.remote_annotation_id,
       remote_updated_at = excluded.remote_updated_at, base_result = excluded.base_result,
       base_was_cancelled = excluded.base_was_cancelled, base_ground_truth = excluded.base_ground_truth`,
  ).run(row);
}

/** The mirrored annotations of one local task, by remote id. */
export function listMirrorAnnotationsOfTask(db: Db, task: number): MirrorAnnotationRow[] {
  return statement(
    db,
    'SELECT ra.* FROM remote_annotations ra JOIN annotations a ON a.id = ra.annotation WHERE a.task = ?',
  ).all(task) as MirrorAnnotationRow[];
}

export function findMirrorPrediction(db: Db, remote: number, remoteId: number): number | undefined {
  return statement(db, 'SELECT prediction FROM remote_predictions WHERE remote = ? AND remote_prediction_id = ?')
    .pluck()
    .get(remote, remoteId) as number | undefined;
}

export function insertMirrorPrediction(db: Db, prediction: number, remote: number, remoteId: number): void {
  statement(db, 'INSERT INTO remote_predictions (prediction, remote, remote_prediction_id) VALUES (?, ?, ?)').run(
    prediction,
    remote,
    remoteId,
  );
}

export interface RemoteAuthor {
  id: number;
  email: string;
  first_name?: string;
  last_name?: string;
  username?: string;
}

/**
 * The local user standing for a remote author (is_local = 0, remote_origin = the remote's URL),
 * created on first sight and kept up to date with the names the remote gives.
 */
export function ensureMirrorUser(db: Db, remoteUrl: string, author: RemoteAuthor, now: string): number {
  const existing = statement(db, 'SELECT id FROM users WHERE remote_origin = ? AND remote_id = ?')
    .pluck()
    .get(remoteUrl, author.id) as number | undefined;
  const names = {
    email: author.email,
    username: author.username ?? '',
    first_name: author.first_name ?? '',
    last_name: author.last_name ?? '',
  };
  if (existing !== undefined) {
    statement(
      db,
      'UPDATE users SET email = @email, username = @username, first_name = @first_name, last_name = @last_name WHERE id = @id',
    ).run({ ...names, id: existing });
    return existing;
  }
  const result = statement(
    db,
    `INSERT INTO users (email, username, first_name, last_name, date_joined, last_activity, is_local, remote_origin, remote_id)
     VALUES (@email, @username, @first_name, @last_name, @now, @now, 0, @origin, @remote_id)`,
  ).run({ ...names, now, origin: remoteUrl, remote_id: author.id });
  return Number(result.lastInsertRowid);
}

/** Remote task id -> the local task and the remote `updated_at` stored at its last pull. */
export function listMirrorTaskStatesOfProject(
  db: Db,
  project: number,
): Map<number, { task: number; remote_updated_at: string | null }> {
  const rows = statement(
    db,
    `SELECT rt.remote_task_id, rt.task, rt.remote_updated_at FROM remote_tasks rt
     JOIN tasks t ON t.id = rt.task WHERE t.project = ?`,
  ).all(project) as { remote_task_id: number; task: number; remote_updated_at: string | null }[];
  return new Map(rows.map((row) => [row.remote_task_id, { task: row.task, remote_updated_at: row.remote_updated_at }]));
}

/** Forgets an annotation's remote twin (the annotation itself stays), e.g. when a local action moved it. */
export function deleteMirrorAnnotation(db: Db, annotation: number): void {
  statement(db, 'DELETE FROM remote_annotations WHERE annotation = ?').run(annotation);
}

/** The mirrored predictions of one local task: local id and remote id. */
export function listMirrorPredictionsOfTask(
  db: Db,
  task: number,
): { prediction: number; remote_prediction_id: number }[] {
  return statement(
    db,
    `SELECT rp.prediction, rp.remote_prediction_id FROM remote_predictions rp
     JOIN predictions p ON p.id = rp.prediction WHERE p.task = ?`,
  ).all(task) as { prediction: number; remote_prediction_id: number }[];
}

/** The local stand-in of a remote author if one exists already (nothing is created or renamed). */
export function findMirrorUser(db: Db, remoteUrl: string, remoteUserId: number): number | undefined {
  return statement(db, 'SELECT id FROM users WHERE remote_origin = ? AND remote_id = ?')
    .pluck()
    .get(remoteUrl, remoteUserId) as number | undefined;
}
