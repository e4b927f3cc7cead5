import type { ApiClient } from './client';

/*
 * Label Studio's cloud storages (`/api/storages`): import ("source") storages that tasks come
 * from, export ("target") storages that annotations go to, one URL family per type.
 */

export type StorageDirection = 'import' | 'export';
export type StorageType = 's3' | 'gcs' | 'azure' | 'redis' | 'localfiles';
export type StorageStatus = 'initialized' | 'queued' | 'in_progress' | 'failed' | 'completed' | 'completed_with_errors';

/** A storage as its type's serializer prints it: the shared fields plus the type's own (never its secrets). */
export interface Storage {
  [field: string]: unknown;
  id: number;
  type: StorageType;
  synchronizable: boolean;
  last_sync: string | null;
  last_sync_count: number | null;
  status: StorageStatus;
  /** Why the last sync failed. */
  traceback: string | null;
  meta: Record<string, unknown> | null;
  title: string | null;
  description: string | null;
  created_at: string;
  project: number;
}

/** A storage as the app handles it: which way it goes is not in the wire object, only in its URL. */
export interface StorageRef {
  id: number;
  type: StorageType;
  direction: StorageDirection;
}

export interface StorageTypeInfo {
  name: StorageType;
  title: string;
}

/** One field of Label Studio's form layout (`GET .../form`), as its storage forms read it. */
export interface StorageFormField {
  type: string;
  name: string;
  label?: string;
  required?: boolean;
  placeholder?: string | number;
  description?: string;
  tooltip?: string;
  footer?: string;
  options?: { value: unknown; label: string }[];
  /** The default of toggles and counters. */
  value?: unknown;
  min?: number;
  /** A field that only applies while this toggle is on. */
  dependency?: string;
  autoComplete?: string;
  /** Checks Label Studio's form runs on the value: 'regexp', 'json'. */
  validators?: string[];
}

/** A row of the layout: its fields, or columns of fields; null entries are gaps. */
export interface StorageFormRow {
  columnCount?: number;
  fields?: (StorageFormField | null)[];
  columns?: { width?: number; fields?: (StorageFormField | null)[] }[];
}

export type StorageFields = Record<string, unknown>;

export interface StorageFile {
  key: string | null;
  last_modified: string | null;
  size: number | null;
}

const base = (direction: StorageDirection) => (direction === 'import' ? '/api/storages' : '/api/storages/export');
const typePath = (direction: StorageDirection, type: StorageType) => `${base(direction)}/${type}`;
const itemPath = (ref: StorageRef) => `${typePath(ref.direction, ref.type)}/${ref.id}`;

/**
 * The storage with its type for sure: a PATCH answer leaves `type` out (Label Studio's
 * serializer skips its read-only default on partial updates), and the app keys storages by it.
 */
function typed(type: StorageType): (storage: Storage) => Storage {
  return (storage) => (storage.type ? storage : { ...storage, type });
}

export function refOf(storage: Pick<Storage, 'id' | 'type'>, direction: StorageDirection): StorageRef {
  return { id: storage.id, type: storage.type, direction };
}

export function listStorageTypes(client: ApiClient, direction: StorageDirection, signal?: AbortSignal) {
  return client.get<StorageTypeInfo[]>(`${base(direction)}/types`, { signal });
}

/** Every storage of the project in that direction, all types together. */
export function listStorages(client: ApiClient, project: number, direction: StorageDirection, signal?: AbortSignal) {
  return client.get<Storage[]>(base(direction), { query: { project }, signal });
}

export function getStorage(client: ApiClient, ref: StorageRef, signal?: AbortSignal): Promise<Storage> {
  return client.get<Storage>(itemPath(ref), { signal }).then(typed(ref.type));
}

export function getStorageForm(
  client: ApiClient,
  direction: StorageDirection,
  type: StorageType,
  signal?: AbortSignal,
): Promise<StorageFormRow[]> {
  return client.get<StorageFormRow[]>(`${typePath(direction, type)}/form`, { signal });
}

/** The server reaches the storage before it saves it: a refusal is an ApiError with its reason. */
export function createStorage(
  client: ApiClient,
  direction: StorageDirection,
  type: StorageType,
  fields: StorageFields & { project: number },
): Promise<Storage> {
  return client.post<Storage>(typePath(direction, type), fields).then(typed(type));
}

/** Secrets left out keep the stored ones. */
export function updateStorage(client: ApiClient, ref: StorageRef, fields: StorageFields): Promise<Storage> {
  return client.patch<Storage>(itemPath(ref), fields).then(typed(ref.type));
}

export function deleteStorage(client: ApiClient, ref: StorageRef): Promise<void> {
  return client.delete(itemPath(ref));
}

/** Runs the whole sync before it answers; `GET` on the storage shows its progress meanwhile. */
export function startStorageSync(client: ApiClient, ref: StorageRef): Promise<Storage> {
  return client.post<Storage>(`${itemPath(ref)}/sync`, {}).then(typed(ref.type));
}

/**
 * Checks settings without saving them (200, or 400 with the reason). With `id`, the stored
 * secrets of that storage fill in those left empty.
 */
export async function validateStorage(
  client: ApiClient,
  direction: StorageDirection,
  type: StorageType,
  fields: StorageFields & { project: number; id?: number },
): Promise<void> {
  await client.post<unknown>(`${typePath(direction, type)}/validate`, fields);
}

/** Up to `limit` objects the settings would import; a null key marks that there are more. */
export async function listStorageFiles(
  client: ApiClient,
  type: StorageType,
  fields: StorageFields & { project: number },
  limit: number,
): Promise<StorageFile[]> {
  const answer = await client.post<{ files: StorageFile[] }>(`${typePath('import', type)}/files`, { ...fields, limit });
  return answer.files;
}
