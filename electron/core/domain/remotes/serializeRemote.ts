import type { RemoteRow } from '../../db/repos/remotesRepo.js';
import type { SyncRunRow } from '../../db/repos/syncRunsRepo.js';

import type { Remote, SyncRun } from '../../../../shared/api/remotes.js';

/* Rows as `/api/outpost/remotes/` shows them (shared/api/remotes.ts). A remote's token is never part of them. */

export type SyncRunWire = SyncRun;
export type RemoteWire = Remote;

export function serializeSyncRun(
  row: SyncRunRow,
  conflictProjects: SyncRunWire['conflict_projects'] = [],
): SyncRunWire {
  return {
    id: row.id,
    remote: row.remote,
    status: row.status,
    phase: row.phase,
    started_at: row.started_at,
    finished_at: row.finished_at,
    stats: JSON.parse(row.stats) as Record<string, unknown>,
    errors: JSON.parse(row.errors) as SyncRunWire['errors'],
    conflict_projects: conflictProjects,
  };
}

export function serializeRemote(row: RemoteRow, lastRun: SyncRunWire | null, pendingChanges: number): RemoteWire {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    token_kind: row.token_kind,
    remote_version: row.remote_version,
    remote_user_email: row.remote_user_email,
    sync_interval_minutes: row.sync_interval_minutes,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_run: lastRun,
    pending_changes: pendingChanges,
  };
}
