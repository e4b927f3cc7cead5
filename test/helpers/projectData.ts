import type { Db } from '../../electron/core/db/open.js';

/**
 * Rows written straight into the tables, for tests of what the Projects API reads (counters,
 * summary, cascades) before the task and annotation endpoints exist.
 */
const NOW = '2026-01-15T10:00:00.000000Z';

export function insertTask(db: Db, project: number, data: unknown = { text: 'x' }, isLabeled = false): number {
  const { next } = db
    .prepare('SELECT COALESCE(MAX(inner_id), 0) + 1 AS next FROM tasks WHERE project = ?')
    .get(project) as { next: number };
  const result = db
    .prepare(
      'INSERT INTO tasks (project, inner_id, data, created_at, updated_at, is_labeled) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(project, next, JSON.stringify(data), NOW, NOW, isLabeled ? 1 : 0);
  return Number(result.lastInsertRowid);
}

let uniqueIds = 0;

export interface AnnotationRow {
  task: number;
  project: number;
  result?: unknown;
  was_cancelled?: boolean;
  ground_truth?: boolean;
  completed_by?: number | null;
}

export function insertAnnotation(db: Db, row: AnnotationRow): number {
  uniqueIds += 1;
  const result = db
    .prepare(
      `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, ground_truth, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      row.task,
      row.project,
      `00000000-0000-4000-8000-${String(uniqueIds).padStart(12, '0')}`,
      JSON.stringify(row.result === undefined ? [] : row.result),
      row.completed_by ?? null,
      row.was_cancelled ? 1 : 0,
      row.ground_truth ? 1 : 0,
      NOW,
      NOW,
    );
  return Number(result.lastInsertRowid);
}

export function insertPrediction(db: Db, task: number, project: number, modelVersion = 'v1'): number {
  const result = db
    .prepare('INSERT INTO predictions (task, project, model_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(task, project, modelVersion, NOW, NOW);
  return Number(result.lastInsertRowid);
}

export function insertDraft(db: Db, task: number, project: number, user: number, result: unknown = []): number {
  const inserted = db
    .prepare('INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(task, project, user, JSON.stringify(result), NOW, NOW);
  return Number(inserted.lastInsertRowid);
}

export function insertFileUpload(db: Db, project: number): number {
  const result = db
    .prepare('INSERT INTO file_uploads (project, file, created_at) VALUES (?, ?, ?)')
    .run(project, 'upload/a.json', NOW);
  return Number(result.lastInsertRowid);
}

export function insertExportSnapshot(db: Db, project: number): number {
  const result = db.prepare('INSERT INTO export_snapshots (project, created_at) VALUES (?, ?)').run(project, NOW);
  return Number(result.lastInsertRowid);
}

export function countRows(db: Db, table: string, where = '1'): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;
}

/** A choices result as the labeling editor writes it. */
export function choices(fromName: string, toName: string, ...labels: string[]) {
  return { from_name: fromName, to_name: toName, type: 'choices', value: { choices: labels } };
}
