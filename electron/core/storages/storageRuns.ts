import type { Db } from '../db/open.js';
import type { StorageChanges, StorageRow } from '../db/repos/storagesRepo.js';
import { recordStorageState } from '../domain/storages/storageRows.js';
import type { StorageClient } from './storageClient.js';
import type { StorageDeps } from './storageDeps.js';

/*
 * A sync of one storage in this process: its status moves as Label Studio's StorageInfo moves it
 * (queued, in_progress, then completed, completed_with_errors or failed) with the same `meta`
 * keys, and a second sync of the same storage while one runs does nothing. Keyed by database, so
 * two apps in one process (tests) stay apart.
 */

export interface StorageRun {
  row: StorageRow;
  client: StorageClient;
  signal: AbortSignal;
  meta: Record<string, unknown>;
  /** Now, as Python's str(timezone.now()) writes it into `meta`. */
  stamp(): string;
}

const running = new WeakMap<Db, Map<number, AbortController>>();

function runsOf(db: Db): Map<number, AbortController> {
  let runs = running.get(db);
  if (!runs) running.set(db, (runs = new Map()));
  return runs;
}

/** `2026-11-25 00:50:49.311577+00:00`: Python's str() of an aware UTC datetime. */
export function pythonDateTime(date: Date): string {
  return `${date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.(\d{3})Z$/, '.$1000')}+00:00`;
}

export function isStorageSyncing(db: Db, storage: number): boolean {
  return runsOf(db).has(storage);
}

/** Null when this storage is already syncing here. */
export function startRun(deps: StorageDeps, row: StorageRow, client: StorageClient): StorageRun | null {
  const runs = runsOf(deps.db);
  if (runs.has(row.id)) {
    void client.close();
    return null;
  }
  const controller = new AbortController();
  runs.set(row.id, controller);
  const stamp = () => pythonDateTime(deps.clock());
  const previous = JSON.parse(row.meta) as { attempts?: number };
  const now = stamp();
  const meta: Record<string, unknown> = {
    attempts: (previous.attempts ?? 0) + 1,
    time_queued: now,
    time_in_progress: now,
    time_last_ping: now,
  };
  const updated = recordStorageState(deps, row.id, {
    status: 'in_progress',
    last_sync: null,
    last_sync_count: null,
    last_sync_job: null,
    traceback: null,
    meta: JSON.stringify(meta),
  });
  return { row: updated, client, signal: controller.signal, meta, stamp };
}

/** `counts` go into `meta` after the times, as info_set_completed's meta.update(kwargs) puts them. */
export function finishRun(
  deps: StorageDeps,
  run: StorageRun,
  changes: Pick<StorageChanges, 'status' | 'last_sync' | 'last_sync_count' | 'traceback'>,
  counts: Record<string, number> = {},
): StorageRow {
  const ended = deps.clock();
  const began = Date.parse(String(run.meta.time_in_progress).replace(' ', 'T').replace('+00:00', 'Z'));
  const key = changes.status === 'failed' ? 'time_failure' : 'time_completed';
  run.meta[key] = pythonDateTime(ended);
  run.meta.duration = Math.max(0, (ended.getTime() - began) / 1000);
  Object.assign(run.meta, counts);
  runsOf(deps.db).delete(run.row.id);
  void run.client.close();
  return recordStorageState(deps, run.row.id, { ...changes, meta: JSON.stringify(run.meta) });
}

/** Stops every sync of this database (shutdown): each records itself failed. */
export function abortStorageRuns(db: Db): void {
  for (const controller of runsOf(db).values()) controller.abort();
}
