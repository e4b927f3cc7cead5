import type { Db } from '../open.js';
import { statement } from '../statement.js';

/* The `ml_backends` table (migration 0008): model servers connected to projects. */

export type MlBackendState = 'CO' | 'DI' | 'ER' | 'TR' | 'PR';

export interface MlBackendRow {
  id: number;
  project: number;
  state: MlBackendState;
  is_interactive: number;
  url: string;
  error_message: string | null;
  title: string | null;
  auth_method: 'NONE' | 'BASIC_AUTH';
  basic_auth_user: string | null;
  basic_auth_pass_is_set: number;
  description: string | null;
  /** JSON text, or null. */
  extra_params: string | null;
  model_version: string | null;
  timeout: number;
  created_at: string;
  updated_at: string;
  auto_update: number;
}

export type MlBackendColumns = Omit<MlBackendRow, 'id'>;

// prettier-ignore
const CHANGEABLE = [
  'state', 'is_interactive', 'url', 'error_message', 'title', 'auth_method', 'basic_auth_user',
  'basic_auth_pass_is_set', 'description', 'extra_params', 'model_version', 'timeout', 'updated_at',
  'auto_update',
] as const satisfies readonly (keyof MlBackendColumns)[];

export function findMlBackend(db: Db, id: number): MlBackendRow | undefined {
  return statement(db, 'SELECT * FROM ml_backends WHERE id = ?').get(id) as MlBackendRow | undefined;
}

/** A project's backends in creation order; `isInteractive` filters when not null. */
export function listMlBackendsOfProject(db: Db, project: number, isInteractive: boolean | null = null): MlBackendRow[] {
  return statement(
    db,
    `SELECT * FROM ml_backends WHERE project = @project
       AND (@interactive IS NULL OR is_interactive = @interactive) ORDER BY id`,
  ).all({ project, interactive: isInteractive === null ? null : Number(isInteractive) }) as MlBackendRow[];
}

export function hasMlBackendTitled(db: Db, project: number, title: string): boolean {
  return findMlBackendTitled(db, project, title) !== undefined;
}

/** The project's first backend with this title (a project's model version may name one). */
export function findMlBackendTitled(db: Db, project: number, title: string): MlBackendRow | undefined {
  return statement(db, 'SELECT * FROM ml_backends WHERE project = ? AND title = ? ORDER BY id LIMIT 1').get(
    project,
    title,
  ) as MlBackendRow | undefined;
}

export function insertMlBackendRow(db: Db, row: MlBackendColumns): number {
  const columns = Object.keys(row) as (keyof MlBackendColumns)[];
  const result = statement(
    db,
    `INSERT INTO ml_backends (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
  ).run(row);
  return Number(result.lastInsertRowid);
}

export type MlBackendChanges = Partial<Omit<MlBackendColumns, 'project' | 'created_at'>>;

/** Sets the given columns (absent keys are left alone). */
export function updateMlBackendRow(db: Db, id: number, changes: MlBackendChanges): void {
  const columns = CHANGEABLE.filter((column) => column in changes);
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = @${column}`).join(', ');
  statement(db, `UPDATE ml_backends SET ${assignments} WHERE id = @id`).run({ ...changes, id });
}

export function deleteMlBackendRow(db: Db, id: number): void {
  statement(db, 'DELETE FROM ml_backends WHERE id = ?').run(id);
}

/** Ids of the project's tasks (among `taskIds`) holding a prediction of this model version. */
export function listTasksWithModelVersion(db: Db, taskIds: readonly number[], modelVersion: string): Set<number> {
  if (taskIds.length === 0) return new Set();
  const rows = statement(
    db,
    `SELECT DISTINCT task FROM predictions
     WHERE task IN (SELECT value FROM json_each(?)) AND model_version = ?`,
  ).all(JSON.stringify(taskIds), modelVersion) as { task: number }[];
  return new Set(rows.map((row) => row.task));
}

/** Ids of the tasks (among `taskIds`) that hold no prediction at all. */
export function listTasksWithoutPredictions(db: Db, taskIds: readonly number[]): number[] {
  if (taskIds.length === 0) return [];
  const rows = statement(
    db,
    `SELECT value AS id FROM json_each(?)
     WHERE NOT EXISTS (SELECT 1 FROM predictions WHERE task = json_each.value) ORDER BY key`,
  ).all(JSON.stringify(taskIds)) as { id: number }[];
  return rows.map((row) => row.id);
}

/** How many annotations the project holds, skipped ones too (Label Studio's count for training every N). */
export function countProjectAnnotations(db: Db, project: number): number {
  const row = statement(db, 'SELECT count(*) AS n FROM annotations WHERE project = ?').get(project) as { n: number };
  return row.n;
}

/** Task.get_random: any one task of the project, or undefined when it has none. */
export function randomTaskOfProject(db: Db, project: number): number | undefined {
  const row = statement(db, 'SELECT id FROM tasks WHERE project = ? ORDER BY random() LIMIT 1').get(project) as
    { id: number } | undefined;
  return row?.id;
}
