import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * What the app shows about sync at a glance: which local projects mirror a remote, how much
 * local work waits in the outbox, how many conflicts are open, and which projects a run's
 * conflicts were recorded in.
 */

export interface MirrorStatusRow {
  project: number;
  remote: number;
  remote_name: string;
  remote_url: string;
  remote_project_id: number;
  last_pull_at: string | null;
  last_push_at: string | null;
  pending_changes: number;
  open_conflicts: number;
}

/** Every mirrored project (or the one asked for), with its remote and its counts. */
export function listMirrorStatus(db: Db, project: number | null): MirrorStatusRow[] {
  return statement(
    db,
    `SELECT rp.project, rp.remote, r.name AS remote_name, r.url AS remote_url, rp.remote_project_id,
       rp.last_pull_at, rp.last_push_at,
       (SELECT count(*) FROM sync_outbox o
         WHERE o.remote = rp.remote AND o.done_at IS NULL AND o.project = rp.project) AS pending_changes,
       (SELECT count(*) FROM sync_conflicts c
         WHERE c.project = rp.project AND c.resolved_at IS NULL) AS open_conflicts
     FROM remote_projects rp JOIN remotes r ON r.id = rp.remote
     WHERE @project IS NULL OR rp.project = @project
     ORDER BY rp.project`,
  ).all({ project }) as MirrorStatusRow[];
}

export interface RunConflictProjectRow {
  id: number;
  title: string | null;
  conflicts: number;
}

/**
 * The projects whose conflicts a run recorded: a remote's runs never overlap, and the run and
 * its conflicts stamp their times with the same clock, so the run's time span finds them.
 */
export function listRunConflictProjects(
  db: Db,
  remote: number,
  startedAt: string,
  finishedAt: string | null,
): RunConflictProjectRow[] {
  return statement(
    db,
    `SELECT c.project AS id, p.title AS title, count(*) AS conflicts
     FROM sync_conflicts c JOIN projects p ON p.id = c.project
     WHERE c.remote = @remote AND c.created_at >= @from AND (@to IS NULL OR c.created_at <= @to)
     GROUP BY c.project, p.title
     ORDER BY c.project`,
  ).all({ remote, from: startedAt, to: finishedAt }) as RunConflictProjectRow[];
}
