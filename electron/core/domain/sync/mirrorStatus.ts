import type { Mirror } from '../../../../shared/api/mirrors.js';
import { listMirrorStatus } from '../../db/repos/syncStatusRepo.js';
import type { DomainContext } from '../context.js';

/** Mirrored projects with their remote and counts; `project` narrows it to one (or none). */
export function listMirrors(ctx: DomainContext, filter: { project?: number | undefined }): Mirror[] {
  return listMirrorStatus(ctx.db, filter.project ?? null).map((row) => ({
    project: row.project,
    remote: { id: row.remote, name: row.remote_name, url: row.remote_url },
    remote_project_id: row.remote_project_id,
    last_pull_at: row.last_pull_at,
    last_push_at: row.last_push_at,
    pending_changes: row.pending_changes,
    open_conflicts: row.open_conflicts,
  }));
}
