import type { Storage } from '../../../../shared/api/storages.js';
import {
  deleteStorageRow,
  findStorage,
  insertStorageRow,
  listStorageRows,
  updateStorageRow,
  type StorageChanges,
  type StorageRow,
} from '../../db/repos/storagesRepo.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { StorageInput } from './storageFields.js';
import {
  COLUMN_KEYS,
  FIELD_SPECS,
  fieldDefault,
  STORAGE_SPECS,
  type StorageDirection,
  type StorageType,
} from './storageSpecs.js';

/*
 * Storage rows and their API shape: the columns every type shares, the type's own fields in
 * `settings`, and secrets kept out (the storages layer puts them in the vault).
 */

const BOOLEAN_COLUMNS = new Set(['synchronizable', 'use_blob_urls', 'recursive_scan', 'can_delete_objects']);

/** Django's `No <Model> matches the given query.` with Label Studio's model names. */
export function storageModelName(type: StorageType, direction: StorageDirection): string {
  const names: Record<StorageType, string> = {
    s3: 'S3',
    gcs: 'GCS',
    azure: 'AzureBlob',
    redis: 'Redis',
    localfiles: 'LocalFiles',
  };
  return `${names[type]}${direction === 'import' ? 'Import' : 'Export'}Storage`;
}

export function storageTypeOf(row: StorageRow): StorageType {
  return row.type as StorageType;
}

export function settingsOf(row: StorageRow): Record<string, unknown> {
  return JSON.parse(row.settings) as Record<string, unknown>;
}

export function secretsSetOf(row: StorageRow): string[] {
  return JSON.parse(row.secrets_set) as string[];
}

function columnValue(row: StorageRow, key: string): unknown {
  const value = row[key as keyof StorageRow];
  if (key === 'meta') return JSON.parse(row.meta) as unknown;
  if (BOOLEAN_COLUMNS.has(key)) return value === null ? null : value !== 0;
  return value;
}

/**
 * The storage as its type's serializer prints it, secrets left out. The keys come from the
 * type's spec, so the shape is the shared schema of that type and direction (the storage
 * contract tests parse every one).
 */
export function serializeStorage(row: StorageRow): Storage {
  const type = storageTypeOf(row);
  const settings = settingsOf(row);
  const out: Record<string, unknown> = {};
  for (const key of STORAGE_SPECS[type].keys[row.direction]) {
    const spec = FIELD_SPECS[key]!;
    if (spec.secret) continue;
    if (key === 'type') out.type = type;
    else if (COLUMN_KEYS.has(key)) out[key] = columnValue(row, key);
    else out[key] = key in settings ? settings[key] : (fieldDefault(key, row.direction) ?? null);
  }
  return out as Storage;
}

export function requireStorage(
  ctx: DomainContext,
  id: number,
  type: StorageType,
  direction: StorageDirection,
): StorageRow {
  const row = findStorage(ctx.db, id);
  if (!row || row.type !== type || row.direction !== direction) {
    throw new NotFoundError(`No ${storageModelName(type, direction)} matches the given query.`);
  }
  return row;
}

/** `?project=` is required (Label Studio filters on it; a missing or unknown one is a 404). */
export function listStorages(
  ctx: DomainContext,
  project: number | null,
  direction: StorageDirection,
  type: StorageType | null,
): StorageRow[] {
  if (project === null || !findProjectById(ctx.db, project)) {
    throw new NotFoundError('No Project matches the given query.');
  }
  return listStorageRows(ctx.db, { project, direction, type });
}

function toBit(value: unknown): number | null {
  return value === null || value === undefined ? null : value ? 1 : 0;
}

/** The column and settings values a validated request sets (secrets already taken out). */
function changesOf(input: StorageInput, settings: Record<string, unknown>): StorageChanges {
  const changes: StorageChanges = {};
  const record = changes as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (key === 'project') continue;
    if (!COLUMN_KEYS.has(key)) settings[key] = value;
    else if (key === 'meta') changes.meta = JSON.stringify(value ?? {});
    else if (BOOLEAN_COLUMNS.has(key)) record[key] = toBit(value);
    else record[key] = value;
  }
  changes.settings = JSON.stringify(settings);
  return changes;
}

export function insertStorage(
  ctx: DomainContext,
  type: StorageType,
  direction: StorageDirection,
  input: StorageInput,
  secretsSet: readonly string[],
): StorageRow {
  const changes = changesOf(input, {});
  const id = insertStorageRow(ctx.db, {
    project: input.project as number,
    direction,
    type,
    title: null,
    description: null,
    created_at: formatTimestamp(ctx.clock()),
    synchronizable: 1,
    last_sync: null,
    last_sync_count: null,
    last_sync_job: null,
    status: 'initialized',
    traceback: null,
    meta: '{}',
    regex_filter: null,
    use_blob_urls: 0,
    recursive_scan: direction === 'import' ? 0 : null,
    can_delete_objects: null,
    settings: '{}',
    ...changes,
    secrets_set: JSON.stringify([...secretsSet].sort()),
  });
  return findStorage(ctx.db, id)!;
}

export function changeStorage(
  ctx: DomainContext,
  row: StorageRow,
  input: StorageInput,
  secretsSet: readonly string[],
): StorageRow {
  const changes = changesOf(input, settingsOf(row));
  updateStorageRow(ctx.db, row.id, { ...changes, secrets_set: JSON.stringify([...secretsSet].sort()) });
  return findStorage(ctx.db, row.id)!;
}

/** Sync bookkeeping (status, counts, traceback, meta) as a sync moves on. */
export function recordStorageState(ctx: DomainContext, id: number, changes: StorageChanges): StorageRow {
  updateStorageRow(ctx.db, id, changes);
  return findStorage(ctx.db, id)!;
}

export function deleteStorage(ctx: DomainContext, row: StorageRow): void {
  deleteStorageRow(ctx.db, row.id);
}
