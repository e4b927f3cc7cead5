import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** A `predictions` row; `result` and `neighbors` are JSON text. */
export interface PredictionRow {
  id: number;
  task: number;
  project: number | null;
  result: string;
  score: number | null;
  model_version: string;
  cluster: number | null;
  neighbors: string | null;
  mislabeling: number;
  created_at: string;
  updated_at: string;
  model: number | null;
  model_run: number | null;
}

export type PredictionColumns = Omit<PredictionRow, 'id'>;
export type PredictionColumn = keyof PredictionColumns;

// prettier-ignore
const COLUMNS: readonly PredictionColumn[] = [
  'task', 'project', 'result', 'score', 'model_version', 'cluster', 'neighbors', 'mislabeling', 'created_at',
  'updated_at', 'model', 'model_run',
];

const SELECT = `SELECT id, ${COLUMNS.join(', ')} FROM predictions`;

export function findPredictionById(db: Db, id: number): PredictionRow | undefined {
  return statement(db, `${SELECT} WHERE id = ?`).get(id) as PredictionRow | undefined;
}

/** The predictions of many tasks in one query (ids travel as one JSON array parameter). */
export function listPredictionsOfTasks(db: Db, taskIds: readonly number[]): PredictionRow[] {
  if (taskIds.length === 0) return [];
  return statement(db, `${SELECT} WHERE task IN (SELECT value FROM json_each(?)) ORDER BY task, id`).all(
    JSON.stringify(taskIds),
  ) as PredictionRow[];
}

export interface PredictionFilter {
  task: number | null;
  project: number | null;
  taskProject: number | null;
}

/** `GET /api/predictions/`: optional exact filters on the task, the project, and the task's project. */
export function listPredictionRows(db: Db, filter: PredictionFilter): PredictionRow[] {
  return statement(
    db,
    `${SELECT} WHERE (@task IS NULL OR task = @task)
       AND (@project IS NULL OR project = @project)
       AND (@taskProject IS NULL OR task IN (SELECT id FROM tasks WHERE project = @taskProject))
     ORDER BY id`,
  ).all(filter) as PredictionRow[];
}

export function insertPredictionRow(db: Db, values: Partial<PredictionColumns>): number {
  const columns = COLUMNS.filter((column) => values[column] !== undefined);
  const sql = `INSERT INTO predictions (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return Number(statement(db, sql).run(pick(values, columns)).lastInsertRowid);
}

/** Writes the given columns; names come from COLUMNS, never from a request. */
export function updatePredictionColumns(db: Db, id: number, values: Partial<PredictionColumns>): void {
  const columns = COLUMNS.filter((column) => values[column] !== undefined);
  if (columns.length === 0) return;
  const sql = `UPDATE predictions SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
  statement(db, sql).run({ ...pick(values, columns), id });
}

export function deletePredictionRow(db: Db, id: number): boolean {
  return statement(db, 'DELETE FROM predictions WHERE id = ?').run(id).changes > 0;
}

function pick(values: Partial<PredictionColumns>, columns: readonly PredictionColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, values[column]]));
}

export interface ModelVersionCount {
  model_version: string;
  count: number;
  latest: string;
}

/** The project's prediction model versions with their counts, the most recently predicted first. */
export function countModelVersions(db: Db, project: number): ModelVersionCount[] {
  return statement(
    db,
    `SELECT model_version, count(model_version) AS count, max(created_at) AS latest
     FROM predictions WHERE project = ? GROUP BY model_version ORDER BY latest DESC, max(id) DESC`,
  ).all(project) as ModelVersionCount[];
}

/** Deletes a project's predictions of one model version (every one when null); returns the tasks they were on. */
export function deleteProjectPredictions(
  db: Db,
  project: number,
  modelVersion: string | null,
): { count: number; tasks: number[] } {
  const filter = 'project = @project AND (@version IS NULL OR model_version = @version)';
  const params = { project, version: modelVersion };
  const tasks = statement(db, `SELECT DISTINCT task FROM predictions WHERE ${filter}`).pluck().all(params) as number[];
  const count = statement(db, `DELETE FROM predictions WHERE ${filter}`).run(params).changes;
  return { count, tasks };
}
