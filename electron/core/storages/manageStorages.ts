import type { StorageRow } from '../db/repos/storagesRepo.js';
import { ValidationError } from '../domain/errors.js';
import type { StorageInput } from '../domain/storages/storageFields.js';
import {
  changeStorage,
  deleteStorage,
  insertStorage,
  secretsSetOf,
  settingsOf,
  storageTypeOf,
} from '../domain/storages/storageRows.js';
import { secretKeys, type StorageDirection, type StorageType } from '../domain/storages/storageSpecs.js';
import { clientFor } from './clientFor.js';
import { normalizeStoragePath } from './clients/localFilesClient.js';
import { StorageError, type StorageConfig } from './storageClient.js';
import { storageSecretKey, type StorageDeps } from './storageDeps.js';

/*
 * Saving storages (the List/Detail APIs and their serializers' validate): the connection is
 * checked before anything is saved, secrets go to the vault and never come back, and a change
 * that touches nothing the connection depends on is saved without asking the storage first.
 */

/** Fields that do not change how the storage is reached. */
const BOOKKEEPING_KEYS = new Set([
  'title',
  'description',
  'synchronizable',
  'last_sync',
  'last_sync_count',
  'last_sync_job',
  'status',
  'traceback',
  'meta',
  'can_delete_objects',
  'presign',
  'presign_ttl',
  'project',
]);

function secretsOf(deps: StorageDeps, row: StorageRow): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const name of secretsSetOf(row)) {
    const value = deps.secretsVault.get(storageSecretKey(row.id, name));
    if (value !== null) secrets[name] = value;
  }
  return secrets;
}

/** A saved storage's settings with its secrets, for a client. */
export function configOf(deps: StorageDeps, row: StorageRow): StorageConfig {
  return {
    type: storageTypeOf(row),
    direction: row.direction,
    fields: { ...settingsOf(row), ...secretsOf(deps, row) },
    regexFilter: row.regex_filter,
    recursive: row.recursive_scan === 1,
  };
}

/** The settings a request describes, over a saved storage's when it changes one. */
function configFrom(
  type: StorageType,
  direction: StorageDirection,
  input: StorageInput,
  base: StorageConfig | null,
): StorageConfig {
  const fields = { ...(base?.fields ?? {}) };
  for (const [key, value] of Object.entries(input)) {
    // A blank secret keeps the stored one (the UI sends the form back without them).
    if (secretKeys(type, direction).includes(key) && (value === null || value === '')) continue;
    fields[key] = value;
  }
  return {
    type,
    direction,
    fields,
    regexFilter:
      'regex_filter' in input ? ((input.regex_filter as string | null) ?? null) : (base?.regexFilter ?? null),
    recursive: 'recursive_scan' in input ? input.recursive_scan === true : (base?.recursive ?? false),
  };
}

/** Asks the storage whether it can be used; its reason becomes Label Studio's validation error. */
export async function checkStorage(deps: StorageDeps, config: StorageConfig): Promise<void> {
  const client = clientFor(config, deps);
  try {
    await client.validate();
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    throw new ValidationError({ non_field_errors: [error.labelStudioMessage ?? error.message] });
  } finally {
    await client.close();
  }
}

function writeSecrets(
  deps: StorageDeps,
  id: number,
  type: StorageType,
  direction: StorageDirection,
  config: StorageConfig,
) {
  const set: string[] = [];
  for (const name of secretKeys(type, direction)) {
    const value = config.fields[name];
    if (typeof value === 'string' && value !== '') {
      deps.secretsVault.set(storageSecretKey(id, name), value);
      set.push(name);
    } else deps.secretsVault.delete(storageSecretKey(id, name));
  }
  return set;
}

/** Label Studio normalizes a local folder's path on save (normalize_storage_path). */
function normalized(type: StorageType, input: StorageInput): StorageInput {
  if (type !== 'localfiles' || typeof input.path !== 'string') return input;
  return { ...input, path: normalizeStoragePath(input.path) };
}

function withoutSecrets(type: StorageType, direction: StorageDirection, input: StorageInput): StorageInput {
  const secrets = new Set(secretKeys(type, direction));
  return Object.fromEntries(Object.entries(input).filter(([key]) => !secrets.has(key)));
}

export async function createStorage(
  deps: StorageDeps,
  type: StorageType,
  direction: StorageDirection,
  raw: StorageInput,
): Promise<StorageRow> {
  const input = normalized(type, raw);
  const config = configFrom(type, direction, input, null);
  await checkStorage(deps, config);
  const row = insertStorage(deps, type, direction, withoutSecrets(type, direction, input), []);
  const set = writeSecrets(deps, row.id, type, direction, config);
  return changeStorage(deps, row, {}, set);
}

export async function updateStorage(deps: StorageDeps, row: StorageRow, raw: StorageInput): Promise<StorageRow> {
  const input = normalized(storageTypeOf(row), raw);
  if (input.project !== undefined && input.project !== row.project) {
    throw new ValidationError({ project: ['A storage cannot move to another project; add a new one there.'] });
  }
  const type = storageTypeOf(row);
  const config = configFrom(type, row.direction, input, configOf(deps, row));
  if (Object.keys(input).some((key) => !BOOKKEEPING_KEYS.has(key))) await checkStorage(deps, config);
  const set = writeSecrets(deps, row.id, type, row.direction, config);
  return changeStorage(deps, row, withoutSecrets(type, row.direction, input), set);
}

/** `POST /api/storages/<type>/validate`: checks settings (over a saved storage's, by `id`), saves nothing. */
export async function validateStorageSettings(
  deps: StorageDeps,
  type: StorageType,
  direction: StorageDirection,
  raw: StorageInput,
  saved: StorageRow | null,
): Promise<StorageConfig> {
  const config = configFrom(type, direction, normalized(type, raw), saved ? configOf(deps, saved) : null);
  await checkStorage(deps, config);
  return config;
}

export function removeStorage(deps: StorageDeps, row: StorageRow): void {
  deleteStorage(deps, row);
  for (const name of secretsSetOf(row)) deps.secretsVault.delete(storageSecretKey(row.id, name));
}
