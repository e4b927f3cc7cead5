import type { StorageFile, StorageFilesAnswer } from '../../../shared/api/storages.js';
import type { StorageRow } from '../db/repos/storagesRepo.js';
import { ValidationError } from '../domain/errors.js';
import type { StorageInput } from '../domain/storages/storageFields.js';
import type { StorageType } from '../domain/storages/storageSpecs.js';
import { clientFor } from './clientFor.js';
import { runExportSync } from './exportSync.js';
import { runImportSync } from './importSync.js';
import { validateStorageSettings } from './manageStorages.js';
import type { StorageDeps } from './storageDeps.js';

/* The calls on one storage beside saving it: sync, and listing what a storage holds. */

/** `POST .../{id}/sync`: runs to its end (the answer is the storage afterwards), as Label Studio without workers. */
export async function syncStorage(deps: StorageDeps, row: StorageRow, userId: number): Promise<StorageRow> {
  return row.direction === 'import' ? runImportSync(deps, row, userId) : runExportSync(deps, row);
}

const FILES_TIMEOUT_MS = 30_000;

/**
 * `POST /api/storages/<type>/files` (ImportStorageListFilesAPI): up to `limit` objects the
 * settings would import, each `{key, last_modified, size}`; a null entry marks the limit, and a
 * scan that takes over 30 s stops with a marker, as in Label Studio.
 */
export async function listStorageFiles(
  deps: StorageDeps,
  type: StorageType,
  input: StorageInput,
  limit: number,
): Promise<StorageFilesAnswer> {
  const config = await validateStorageSettings(deps, type, 'import', input, null);
  const client = clientFor(config, deps);
  const files: StorageFile[] = [];
  const started = Date.now();
  try {
    for await (const object of client.list()) {
      files.push({ key: object.key, last_modified: object.lastModified, size: object.size });
      if (files.length >= limit) {
        files.push({ key: null, last_modified: null, size: null });
        break;
      }
      if (Date.now() - started > FILES_TIMEOUT_MS) {
        files.push({ key: '... storage scan timeout reached ...', last_modified: null, size: null });
        break;
      }
    }
  } catch (error) {
    throw new ValidationError({ non_field_errors: [`Failed to list storage files: ${(error as Error).message}`] });
  } finally {
    await client.close();
  }
  return { files };
}
