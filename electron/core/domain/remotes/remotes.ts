import {
  countPendingOutbox,
  deleteRemoteRow,
  findRemote,
  findRemoteByUrl,
  insertRemoteRow,
  listRemoteRows,
  renameRemoteOrigin,
  updateRemoteRow,
  type RemoteRow,
} from '../../db/repos/remotesRepo.js';
import { findLatestSyncRun, findSyncRun, listSyncRuns, type SyncRunRow } from '../../db/repos/syncRunsRepo.js';
import { listRunConflictProjects } from '../../db/repos/syncStatusRepo.js';
import type { Db } from '../../db/open.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { serializeRemote, serializeSyncRun, type RemoteWire, type SyncRunWire } from './serializeRemote.js';

/*
 * The local records of remotes: rows only. Connecting to a remote (and so every check that needs
 * the network) is the sync layer's job (sync/engine/manageRemotes.ts), which calls these.
 */

export const RUN_HISTORY_LIMIT = 100;

export function requireRemote(ctx: DomainContext, id: number): RemoteRow {
  const row = findRemote(ctx.db, id);
  if (!row) throw new NotFoundError('No Remote matches the given query.');
  return row;
}

export function duplicateUrlError(url: string): ConflictError {
  return new ConflictError(`${url} is already a remote.`);
}

/** A run with the projects its conflicts are in (looked up only for a run that counted some). */
function runWire(db: Db, row: SyncRunRow): SyncRunWire {
  const stats = JSON.parse(row.stats) as { conflicts?: unknown };
  const hasConflicts = typeof stats.conflicts === 'number' && stats.conflicts > 0;
  return serializeSyncRun(
    row,
    hasConflicts ? listRunConflictProjects(db, row.remote, row.started_at, row.finished_at) : [],
  );
}

function remoteWire(db: Db, row: RemoteRow): RemoteWire {
  const lastRun = findLatestSyncRun(db, row.id);
  return serializeRemote(row, lastRun ? runWire(db, lastRun) : null, countPendingOutbox(db, row.id));
}

export function listRemotes(ctx: DomainContext): RemoteWire[] {
  return listRemoteRows(ctx.db).map((row) => remoteWire(ctx.db, row));
}

export function getRemote(ctx: DomainContext, id: number): RemoteWire {
  return remoteWire(ctx.db, requireRemote(ctx, id));
}

export interface NewRemote {
  url: string;
  name: string;
  token_kind: RemoteRow['token_kind'];
  remote_version: string;
  remote_user_id: number;
  remote_user_email: string;
}

export function insertRemote(ctx: DomainContext, input: NewRemote): number {
  const now = formatTimestamp(ctx.clock());
  return ctx.db.transaction(() => {
    if (findRemoteByUrl(ctx.db, input.url)) throw duplicateUrlError(input.url);
    return insertRemoteRow(ctx.db, { ...input, sync_interval_minutes: 0, created_at: now, updated_at: now });
  })();
}

export type RemoteUpdate = Partial<Omit<RemoteRow, 'id' | 'created_at' | 'updated_at'>>;

/** Applies changes; a new URL carries the mirrored authors (users.remote_origin) along, atomically. */
export function updateRemote(ctx: DomainContext, id: number, changes: RemoteUpdate): void {
  ctx.db.transaction(() => {
    const row = requireRemote(ctx, id);
    if (changes.url !== undefined && changes.url !== row.url) {
      if (findRemoteByUrl(ctx.db, changes.url)) throw duplicateUrlError(changes.url);
      renameRemoteOrigin(ctx.db, row.url, changes.url);
    }
    updateRemoteRow(ctx.db, id, { ...changes, updated_at: formatTimestamp(ctx.clock()) });
  })();
}

/**
 * Forgets a remote: its mappings, pending outbox, conflicts and runs go with it (ON DELETE
 * CASCADE). The local projects, tasks and annotations stay, as ordinary local data.
 */
export function deleteRemote(ctx: DomainContext, id: number): void {
  ctx.db.transaction(() => {
    requireRemote(ctx, id);
    deleteRemoteRow(ctx.db, id);
  })();
}

export function listRemoteRuns(ctx: DomainContext, id: number): SyncRunWire[] {
  requireRemote(ctx, id);
  return listSyncRuns(ctx.db, id, RUN_HISTORY_LIMIT).map((row) => runWire(ctx.db, row));
}

export function getRemoteRun(ctx: DomainContext, remoteId: number, runId: number): SyncRunWire {
  requireRemote(ctx, remoteId);
  const run = findSyncRun(ctx.db, runId);
  if (!run || run.remote !== remoteId) throw new NotFoundError('No SyncRun matches the given query.');
  return runWire(ctx.db, run);
}
