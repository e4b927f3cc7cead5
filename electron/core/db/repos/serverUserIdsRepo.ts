import type { Db } from '../open.js';
import { statement } from '../statement.js';

/**
 * For a project that mirrors a remote one: local user id -> that user's id on the remote. The
 * remote's authors are the stand-ins made for it (their remote_id); the first local user is the
 * account whose token this Outpost holds there (the id its whoami gave). Empty for a local project.
 */
export function listServerUserIdsOfProject(db: Db, project: number): Map<number, number> {
  const rows = statement(
    db,
    `SELECT u.id AS local_id, u.remote_id AS server_id FROM remote_projects rp
       JOIN remotes r ON r.id = rp.remote
       JOIN users u ON u.remote_origin = r.url AND u.remote_id IS NOT NULL
     WHERE rp.project = @project
     UNION ALL
     SELECT (SELECT id FROM users WHERE is_local = 1 ORDER BY id LIMIT 1), r.remote_user_id FROM remote_projects rp
       JOIN remotes r ON r.id = rp.remote
     WHERE rp.project = @project AND r.remote_user_id IS NOT NULL`,
  ).all({ project }) as { local_id: number | null; server_id: number }[];
  const ids = new Map<number, number>();
  for (const row of rows) if (row.local_id !== null) ids.set(row.local_id, row.server_id);
  return ids;
}
