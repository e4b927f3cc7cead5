import { listMirrorStatus } from '../../db/repos/syncStatusRepo.js';
import type { DomainContext } from '../context.js';

/** One mirrored project as `/api/outpost/mirrors/` shows it (not part of Label Studio's API). */
export interface MirrorStatusWire {
  /** The local project. */
  project: number;
  remote: { id: number; name: string; url: string };
  remote_project_id: number;
  /** When it was last pulled completely (null: its first pull never finished). */
  last_pull_at: string | null;
  last_push_at: string | null;
  /** Its local changes waiting in the outbox to be pushed. */
  pending_changes: number;
  open_conflicts: number;
}

/** Mirrored projects with their remote and counts; `project` narrows it to one (or none). */
export function listMirrors(ctx: DomainContext, filter: { project?: number | undefined }): MirrorStatusWire[] {
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
