import type { RemoteRow } from '../../db/repos/remotesRepo.js';
import type { SyncRunRow } from '../../db/repos/syncRunsRepo.js';

/* Wire shapes of `/api/outpost/remotes/`. A remote's token is never part of them. */

export interface SyncRunWire {
  id: number;
  remote: number;
  status: SyncRunRow['status'];
  phase: string | null;
  started_at: string;
  finished_at: string | null;
  /** `{pulled, pushed, conflicts}` once counted, `{}` before. */
  stats: Record<string, unknown>;
  errors: { phase: string; item: string; message: string }[];
  /** The local projects this run recorded conflicts in (empty when it met none), for a link to each. */
  conflict_projects: { id: number; title: string | null; conflicts: number }[];
}

export interface RemoteWire {
  id: number;
  url: string;
  name: string;
  token_kind: RemoteRow['token_kind'];
  remote_version: string | null;
  remote_user_email: string | null;
  sync_interval_minutes: number;
  created_at: string;
  updated_at: string;
  last_run: SyncRunWire | null;
  /** Local changes journaled for this remote and not pushed yet (the outbox's open rows). */
  pending_changes: number;
}

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
