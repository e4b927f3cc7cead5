import type { ApiClient } from '../../api/client';
import { getStorage, startStorageSync, type Storage, type StorageRef } from '../../api/storages';
import { isSyncing } from './storageText';

/*
 * A sync with progress: the server answers `POST .../sync` only once the sync is over, so while
 * it is pending the storage is read again every half second (its `last_sync_count` grows).
 */

export const SYNC_POLL_MS = 500;

export interface SyncRunOptions {
  /** Each state read while the sync runs. */
  onProgress?: (storage: Storage) => void;
  /** Stops the polling (the page went away); the sync itself goes on in the server. */
  signal?: AbortSignal;
  intervalMs?: number;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Syncs the storage and resolves with it afterwards (failed syncs included: see its `status`). */
export async function runStorageSync(client: ApiClient, ref: StorageRef, options: SyncRunOptions = {}) {
  const { onProgress, signal, intervalMs = SYNC_POLL_MS } = options;
  // Ends the polling as soon as the POST answers (or the caller gives up), not at the next tick.
  const polling = new AbortController();
  const stopPolling = () => polling.abort();
  signal?.addEventListener('abort', stopPolling, { once: true });
  const posted = startStorageSync(client, ref).finally(stopPolling);
  const poll = async () => {
    for (;;) {
      await wait(intervalMs, polling.signal);
      if (polling.signal.aborted) return;
      try {
        const storage = await getStorage(client, ref, polling.signal);
        // An answer that arrives after the sync ended is older than the POST's: it is dropped.
        if (!polling.signal.aborted) onProgress?.(storage);
      } catch {
        // A missed look at the progress is not a failed sync: the POST's answer says how it went.
      }
    }
  };
  let storage: Storage;
  try {
    [storage] = await Promise.all([posted, poll()]);
  } finally {
    signal?.removeEventListener('abort', stopPolling);
  }
  // Another sync of this storage was already running: the POST answered at once. Follow that one.
  while (isSyncing(storage) && !signal?.aborted) {
    onProgress?.(storage);
    await wait(intervalMs, signal);
    if (signal?.aborted) break;
    storage = await getStorage(client, ref, signal);
  }
  return storage;
}

/** Label a folder and the Data Manager pick up new files of local folders this often, at most. */
export const FOLDER_RESYNC_MS = 60_000;

/**
 * The storages that sync by themselves when the project's tasks are opened: local folders only
 * (a folder is cheap to look through; a bucket may be slow or cost money), not while one runs,
 * not after a failure (that waits for the user), and not again within a minute of the last sync.
 */
export function storagesToSyncOnOpen(storages: readonly Storage[], now: number): Storage[] {
  return storages.filter((storage) => {
    if (storage.type !== 'localfiles' || !storage.synchronizable) return false;
    if (isSyncing(storage) || storage.status === 'failed') return false;
    const last = storage.last_sync ? Date.parse(storage.last_sync) : Number.NaN;
    return !Number.isFinite(last) || now - last >= FOLDER_RESYNC_MS;
  });
}
