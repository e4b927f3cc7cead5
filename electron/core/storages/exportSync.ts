import type { Db } from '../db/open.js';
import { findStorage, type StorageRow } from '../db/repos/storagesRepo.js';
import { formatTimestamp } from '../domain/clock.js';
import { storageKeyOfAnnotation, storageObjectOfAnnotation } from '../domain/storages/storageAnnotation.js';
import {
  exportStoragesOfProject,
  forgetExported,
  pageOfProjectAnnotations,
  recordExported,
  storagesHoldingAnnotation,
} from '../domain/storages/storageExportLinks.js';
import { recordStorageState, storageTypeOf } from '../domain/storages/storageRows.js';
import { clientFor } from './clientFor.js';
import { configOf } from './manageStorages.js';
import { StorageError } from './storageClient.js';
import type { StorageDeps } from './storageDeps.js';
import { finishRun, startRun } from './storageRuns.js';

/*
 * Export storages (ExportStorage.save_annotations and the post_save/pre_delete signals): a sync
 * writes every annotation of the project as its own object; afterwards each annotation saved is
 * written again, in the background and in order per storage, and a deleted one is removed where
 * the storage allows deleting (`can_delete_objects`).
 */

const PAGE = 200;

export async function runExportSync(deps: StorageDeps, row: StorageRow): Promise<StorageRow> {
  const run = startRun(deps, row, clientFor(configOf(deps, row), deps));
  if (!run) return row;
  let exported = 0;
  try {
    let after = 0;
    for (;;) {
      const ids = pageOfProjectAnnotations(deps, row.project, after, PAGE);
      for (const id of ids) {
        const body = storageObjectOfAnnotation(deps, id, storageTypeOf(row));
        if (body === null) continue;
        await run.client.write(storageKeyOfAnnotation(id), body, run.signal);
        recordExported(deps, row.id, id);
        exported += 1;
      }
      if (ids.length < PAGE) break;
      after = ids.at(-1)!;
      run.meta.time_last_ping = run.stamp();
      recordStorageState(deps, row.id, { last_sync_count: exported, meta: JSON.stringify(run.meta) });
    }
    return finishRun(
      deps,
      run,
      { status: 'completed', last_sync: formatTimestamp(deps.clock()), last_sync_count: exported },
      { total_annotations: exported },
    );
  } catch (error) {
    const reason =
      error instanceof StorageError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
    return finishRun(deps, run, { status: 'failed', traceback: reason, last_sync_count: exported });
  }
}

// ---- annotations saved and deleted ----

const queues = new WeakMap<Db, Map<number, Promise<unknown>>>();

function queueOf(db: Db): Map<number, Promise<unknown>> {
  let map = queues.get(db);
  if (!map) queues.set(db, (map = new Map()));
  return map;
}

/** Runs `work` after this storage's earlier writes; a failure is recorded on the storage. */
function inOrder(deps: StorageDeps, storage: number, work: () => Promise<void>): void {
  const queue = queueOf(deps.db);
  const next = (queue.get(storage) ?? Promise.resolve()).then(work).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    if (findStorage(deps.db, storage)) {
      recordStorageState(deps, storage, { traceback: `An annotation could not be written: ${reason}` });
    }
  });
  queue.set(storage, next);
}

/** Resolves once every background write queued so far is done (tests, shutdown). */
export async function storageWritesSettled(db: Db): Promise<void> {
  await Promise.all([...queueOf(db).values()]);
}

/** After an annotation was created or changed: every export storage of the project gets it. */
export function exportSavedAnnotation(deps: StorageDeps, project: number, annotation: number): void {
  for (const storage of exportStoragesOfProject(deps, project)) {
    inOrder(deps, storage.id, async () => {
      const body = storageObjectOfAnnotation(deps, annotation, storageTypeOf(storage));
      const current = findStorage(deps.db, storage.id);
      if (body === null || !current) return;
      const client = clientFor(configOf(deps, current), deps);
      try {
        await client.write(storageKeyOfAnnotation(annotation), body);
        recordExported(deps, storage.id, annotation);
      } finally {
        await client.close();
      }
    });
  }
}

/**
 * Before an annotation is deleted: the storages holding it are noted, and those that allow it
 * delete the object once the annotation is gone.
 */
export function exportDeletedAnnotation(deps: StorageDeps, annotation: number): () => void {
  const holding = storagesHoldingAnnotation(deps, annotation)
    .map((id) => findStorage(deps.db, id))
    .filter((row): row is StorageRow => row !== undefined && row.can_delete_objects === 1);
  return () => {
    for (const storage of holding) {
      inOrder(deps, storage.id, async () => {
        const client = clientFor(configOf(deps, storage), deps);
        try {
          await client.remove(storageKeyOfAnnotation(annotation));
          forgetExported(deps, storage.id, annotation);
        } finally {
          await client.close();
        }
      });
    }
  };
}
