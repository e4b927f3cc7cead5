import { refreshTaskCounters } from '../../electron/core/db/repos/taskCountersRepo.js';
import type { Db } from '../../electron/core/db/open.js';
import type { TestApp } from './testApp.js';

/*
 * Rows for the Data Manager tests, written straight into the tables with the task counters
 * refreshed the way every write path leaves them.
 */

export type { TestApp } from './testApp.js';

export const T0 = '2026-01-15T10:00:00.000000Z';

let serial = 0;

export interface TaskSpec {
  data: unknown;
  created_at?: string;
  updated_at?: string;
  updated_by?: number | null;
  file_upload?: number | null;
  meta?: unknown;
}

export function addTask(db: Db, project: number, spec: TaskSpec): number {
  const { next } = db
    .prepare('SELECT coalesce(max(inner_id), 0) + 1 AS next FROM tasks WHERE project = ?')
    .get(project) as { next: number };
  const result = db
    .prepare(
      `INSERT INTO tasks (project, inner_id, data, meta, created_at, updated_at, updated_by, file_upload)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      project,
      next,
      JSON.stringify(spec.data),
      JSON.stringify(spec.meta ?? {}),
      spec.created_at ?? T0,
      spec.updated_at ?? spec.created_at ?? T0,
      spec.updated_by ?? null,
      spec.file_upload ?? null,
    );
  return Number(result.lastInsertRowid);
}

export interface AnnotationSpec {
  result?: unknown;
  completed_by?: number | null;
  was_cancelled?: boolean;
  lead_time?: number | null;
  created_at?: string;
}

export function addAnnotation(db: Db, task: number, spec: AnnotationSpec = {}): number {
  serial += 1;
  const { project } = db.prepare('SELECT project FROM tasks WHERE id = ?').get(task) as { project: number };
  const result = db
    .prepare(
      `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, lead_time, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      task,
      project,
      `10000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
      JSON.stringify(spec.result === undefined ? [] : spec.result),
      spec.completed_by ?? null,
      spec.was_cancelled ? 1 : 0,
      spec.lead_time ?? null,
      spec.created_at ?? T0,
      spec.created_at ?? T0,
    );
  refreshTaskCounters(db, task);
  return Number(result.lastInsertRowid);
}

export interface PredictionSpec {
  result?: unknown;
  score?: number | null;
  model_version?: string;
}

export function addPrediction(db: Db, task: number, spec: PredictionSpec = {}): number {
  const { project } = db.prepare('SELECT project FROM tasks WHERE id = ?').get(task) as { project: number };
  const result = db
    .prepare(
      'INSERT INTO predictions (task, project, result, score, model_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      task,
      project,
      JSON.stringify(spec.result ?? []),
      spec.score ?? null,
      spec.model_version ?? 'undefined',
      T0,
      T0,
    );
  refreshTaskCounters(db, task);
  return Number(result.lastInsertRowid);
}

export function addDraft(db: Db, task: number, user: number, result: unknown = []): number {
  const { project } = db.prepare('SELECT project FROM tasks WHERE id = ?').get(task) as { project: number };
  return Number(
    db
      .prepare('INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(task, project, user, JSON.stringify(result), T0, T0).lastInsertRowid,
  );
}

export function addUser(db: Db, email: string, firstName = '', lastName = ''): number {
  return Number(
    db
      .prepare(
        "INSERT INTO users (email, first_name, last_name, date_joined, last_activity, is_local) VALUES (?, ?, ?, 'x', 'x', 0)",
      )
      .run(email, firstName, lastName).lastInsertRowid,
  );
}

export function addFileUpload(db: Db, project: number, file: string): number {
  return Number(
    db.prepare('INSERT INTO file_uploads (project, file, created_at) VALUES (?, ?, ?)').run(project, file, T0)
      .lastInsertRowid,
  );
}

/** A project row with a label config's data types, straight into the table. */
export function addProject(db: Db, dataTypes: Record<string, string> = { text: 'Text' }): number {
  return Number(
    db
      .prepare("INSERT INTO projects (title, data_types, created_at, updated_at) VALUES ('DM', ?, ?, ?)")
      .run(JSON.stringify(dataTypes), T0, T0).lastInsertRowid,
  );
}

/** GET with the test token, parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many JSON shapes field by field
export async function getJson(t: TestApp, path: string): Promise<{ status: number; body: any }> {
  const response = await t.withToken(path);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** `/api/tasks/?project=..&query=..` with the query JSON URL-encoded. */
export function taskListPath(project: number, query: unknown, extra = ''): string {
  return `/api/tasks/?project=${project}&query=${encodeURIComponent(JSON.stringify(query))}${extra}`;
}
