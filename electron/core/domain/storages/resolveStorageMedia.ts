import type { Db } from '../../db/open.js';
import { findImportLinkOfTask, listStorageRows, type StorageRow } from '../../db/repos/storagesRepo.js';
import { settingsOf, storageTypeOf } from './storageRows.js';
import { STORAGE_SPECS, type StorageType } from './storageSpecs.js';
import { canOwnerResolve, encodeFileUri, findStorageUri, type UriOwner } from './storageUris.js';

/*
 * Cloud URIs in task data (`s3://bucket/key`, also inside HTML, lists and dicts) as Label Studio
 * 1.22 serves them with `resolve_uri` (Task.resolve_uri, ImportStorage.resolve_uri with its storage
 * proxy flag on): each one an import storage of the project can resolve becomes
 * `/tasks/<task id>/resolve/?fileuri=<URL-safe base64 of the URI>`, which routes/storageResolve.ts
 * serves (a redirect to a presigned URL, or the object streamed). Relative, as Label Studio's are
 * without a HOST setting: the client adds the server it asked.
 */

/** The types whose URIs can be resolved, in the order Label Studio asks them, and their bucket field. */
const BUCKET_FIELDS: readonly (readonly [StorageType, string])[] = [
  ['s3', 'bucket'],
  ['gcs', 'bucket'],
  ['azure', 'container'],
];

export interface ResolvingStorage extends UriOwner {
  row: StorageRow;
}

function resolvingStorageOf(row: StorageRow): ResolvingStorage | null {
  const type = storageTypeOf(row);
  const field = BUCKET_FIELDS.find(([candidate]) => candidate === type)?.[1];
  const scheme = STORAGE_SPECS[type].urlScheme;
  if (!field || !scheme || row.direction !== 'import') return null;
  const bucket = settingsOf(row)[field];
  return { row, scheme, bucket: typeof bucket === 'string' ? bucket : null };
}

/** The project's import storages that can resolve URIs, s3 first, then gcs, then azure, each by id. */
export function resolvingStoragesOf(db: Db, project: number): ResolvingStorage[] {
  const rank = (type: string) => BUCKET_FIELDS.findIndex(([candidate]) => candidate === type);
  return listStorageRows(db, { project, direction: 'import', type: null })
    .filter((row) => rank(row.type) >= 0)
    .sort((a, b) => rank(a.type) - rank(b.type) || a.id - b.id)
    .map(resolvingStorageOf)
    .filter((storage): storage is ResolvingStorage => storage !== null);
}

/** get_storage_by_url: the first storage whose scheme and bucket the value (string, list or dict) names. */
export function findResolvingStorage(storages: readonly ResolvingStorage[], value: unknown): ResolvingStorage | null {
  if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) return null;
  return storages.find((storage) => canOwnerResolve(storage, value)) ?? null;
}

/** ImportStorage.resolve_uri: the value with this storage's URIs replaced, or undefined when nothing was. */
function resolveWith(storage: ResolvingStorage, value: unknown, taskId: number): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveWith(storage, item, taskId) || item);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return Object.fromEntries(entries.map(([key, item]) => [key, resolveWith(storage, item, taskId) || item]));
  }
  if (typeof value !== 'string' || !value.includes(storage.scheme)) return undefined;
  const uri = findStorageUri(value, storage.scheme);
  if (uri === null || !canOwnerResolve(storage, uri)) return undefined;
  return value.split(uri).join(`/tasks/${taskId}/resolve/?fileuri=${encodeFileUri(uri)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a top-level value could hold a URI of one of these storages (spares a link lookup). */
function mayHoldUri(value: unknown, storages: readonly ResolvingStorage[]): boolean {
  if (typeof value === 'string') return storages.some((storage) => value.includes(storage.scheme));
  return value !== null && typeof value === 'object';
}

/**
 * `resolve_uri` for tasks in API answers (each `{id, project, data}`), in place. Each top-level
 * value goes to the first storage naming it, else to the storage the task was imported from
 * (Label Studio's fallback for lists and dicts); projects without such storages cost one query.
 */
export function resolveStorageMedia(db: Db, tasks: readonly Record<string, unknown>[]): void {
  const byProject = new Map<number, ResolvingStorage[]>();
  for (const task of tasks) {
    const project = task.project as number;
    let storages = byProject.get(project);
    if (!storages) byProject.set(project, (storages = resolvingStoragesOf(db, project)));
    if (storages.length === 0 || !isPlainObject(task.data)) continue;
    const taskId = task.id as number;
    let linked: ResolvingStorage | null | undefined;
    const data = task.data;
    for (const [field, value] of Object.entries(data)) {
      let storage = findResolvingStorage(storages, value);
      if (!storage && mayHoldUri(value, storages)) {
        if (linked === undefined) {
          const link = findImportLinkOfTask(db, taskId);
          linked = storages.find((candidate) => candidate.row.id === link?.storage) ?? null;
        }
        storage = linked;
      }
      if (!storage) continue;
      const resolved = resolveWith(storage, value, taskId);
      if (resolved) data[field] = resolved;
    }
  }
}
