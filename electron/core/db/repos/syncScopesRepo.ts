import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * Which part of each remote project its mirror holds (`remote_project_scopes`, migration 0022),
 * and the counts partial mirrors are judged by.
 */

export interface ScopeRow {
  remote: number;
  remote_project_id: number;
  /** The scope's JSON, or null for the whole project. */
  scope: string | null;
  /** What the last complete pull listed (its scopeKey), or null when it pulled the whole project. */
  pulled_scope: string | null;
  updated_at: string;
}

export function findScopeRow(db: Db, remote: number, remoteProjectId: number): ScopeRow | undefined {
  return statement(db, 'SELECT * FROM remote_project_scopes WHERE remote = ? AND remote_project_id = ?').get(
    remote,
    remoteProjectId,
  ) as ScopeRow | undefined;
}

/** The stored scope JSON of every project of a remote that has one (whole projects are left out). */
export function listScopesOfRemote(db: Db, remote: number): Map<number, string> {
  const rows = statement(
    db,
    'SELECT remote_project_id, scope FROM remote_project_scopes WHERE remote = ? AND scope IS NOT NULL',
  ).all(remote) as { remote_project_id: number; scope: string }[];
  return new Map(rows.map((row) => [row.remote_project_id, row.scope]));
}

export function saveScope(db: Db, remote: number, remoteProjectId: number, scope: string | null, now: string): void {
  statement(
    db,
    `INSERT INTO remote_project_scopes (remote, remote_project_id, scope, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (remote, remote_project_id) DO UPDATE SET scope = excluded.scope, updated_at = excluded.updated_at`,
  ).run(remote, remoteProjectId, scope, now);
}

/** Records what a complete pull listed; a whole-project pull leaves no row behind it. */
export function savePulledScope(
  db: Db,
  remote: number,
  remoteProjectId: number,
  pulledScope: string | null,
  now: string,
): void {
  statement(
    db,
    `INSERT INTO remote_project_scopes (remote, remote_project_id, pulled_scope, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (remote, remote_project_id) DO UPDATE SET pulled_scope = excluded.pulled_scope`,
  ).run(remote, remoteProjectId, pulledScope, now);
}

/** How many tasks each local project of a remote's mirrors holds. */
export function countMirrorTasks(db: Db, remote: number): Map<number, number> {
  const rows = statement(
    db,
    `SELECT rp.project, (SELECT COUNT(*) FROM tasks t WHERE t.project = rp.project) AS tasks
     FROM remote_projects rp WHERE rp.remote = ?`,
  ).all(remote) as { project: number; tasks: number }[];
  return new Map(rows.map((row) => [row.project, row.tasks]));
}

/** Tasks of a project nobody has annotated or skipped here (a draft is not an annotation). */
export function countUnlabeledTasks(db: Db, project: number): number {
  const row = statement(
    db,
    'SELECT COUNT(*) AS count FROM tasks WHERE project = ? AND total_annotations = 0 AND cancelled_annotations = 0',
  ).get(project) as { count: number };
  return row.count;
}
