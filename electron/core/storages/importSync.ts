import type { StorageRow } from '../db/repos/storagesRepo.js';
import { formatTimestamp } from '../domain/clock.js';
import { commitStagedTasks, StorageImportError } from '../domain/storages/commitStorageImport.js';
import { recordStorageState } from '../domain/storages/storageRows.js';
import { alreadyImported, discardStagedTasks, stageTasks, type StagedTask } from '../domain/storages/storageStaging.js';
import { clientFor } from './clientFor.js';
import { configOf } from './manageStorages.js';
import { tasksOfObject } from './readStorageObject.js';
import { StorageError } from './storageClient.js';
import type { StorageDeps } from './storageDeps.js';
import { finishRun, startRun, type StorageRun } from './storageRuns.js';

/*
 * An import sync (ImportStorage._scan_and_create_links). Steps:
 * 1. the storage is marked queued, then in progress (meta: attempts, times), as Label Studio does;
 * 2. its objects are listed a page at a time; keys already imported are skipped; each new object
 *    becomes its task(s) (readStorageObject.ts) and is staged, outside any transaction, with the
 *    progress (last_sync_count, meta.tasks_existed) recorded every second;
 * 3. the staged tasks become tasks in one transaction (commitStorageImport.ts): all or none;
 * 4. completed, with last_sync and the count; or failed, with the reason in `traceback`, and
 *    nothing imported.
 */

const KEY_BATCH = 500;
const PROGRESS_EVERY_MS = 1000;

interface Progress {
  staged: number;
  existed: number;
  lastRecorded: number;
}

async function stageBatch(
  deps: StorageDeps,
  run: StorageRun,
  keys: readonly string[],
  progress: Progress,
  useBlobUrls: boolean,
): Promise<void> {
  const imported = alreadyImported(deps, run.row.id, keys);
  progress.existed += imported.tasks;
  const tasks: StagedTask[] = [];
  for (const key of keys) {
    if (imported.keys.has(key)) continue;
    for (const task of await tasksOfObject(run.client, key, useBlobUrls, run.signal)) tasks.push(task);
  }
  stageTasks(deps, run.row.id, tasks);
  progress.staged += tasks.length;
  const now = Date.now();
  if (now - progress.lastRecorded >= PROGRESS_EVERY_MS) {
    progress.lastRecorded = now;
    run.meta.time_last_ping = run.stamp();
    run.meta.tasks_existed = progress.existed;
    recordStorageState(deps, run.row.id, { last_sync_count: progress.staged, meta: JSON.stringify(run.meta) });
  }
}

export async function runImportSync(deps: StorageDeps, row: StorageRow, userId: number): Promise<StorageRow> {
  const run = startRun(deps, row, clientFor(configOf(deps, row), deps));
  if (!run) return row;
  const progress: Progress = { staged: 0, existed: 0, lastRecorded: Date.now() };
  try {
    discardStagedTasks(deps, row.id);
    const useBlobUrls = row.use_blob_urls === 1;
    let keys: string[] = [];
    const seen = new Set<string>();
    for await (const object of run.client.list(run.signal)) {
      if (seen.has(object.key)) continue;
      seen.add(object.key);
      keys.push(object.key);
      if (keys.length >= KEY_BATCH) {
        await stageBatch(deps, run, keys, progress, useBlobUrls);
        keys = [];
      }
    }
    await stageBatch(deps, run, keys, progress, useBlobUrls);
    const { created } = commitStagedTasks(deps, row.project, row.id, userId);
    return finishRun(
      deps,
      run,
      { status: 'completed', last_sync: formatTimestamp(deps.clock()), last_sync_count: created },
      { tasks_existed: progress.existed },
    );
  } catch (error) {
    discardStagedTasks(deps, row.id);
    const reason =
      error instanceof StorageImportError || error instanceof StorageError
        ? error.message
        : `${(error as Error).name}: ${(error as Error).message}`;
    return finishRun(deps, run, { status: 'failed', traceback: reason });
  }
}
