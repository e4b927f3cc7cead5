import {
  patchedStorageSchemaOf,
  storageFilesAnswerSchema,
  storageFormSchema,
  storageListSchema,
  storageSchemaOf,
  storageTypeListSchema,
  type Storage,
  type StorageDirection,
  type StorageFile,
  type StorageFormRow,
  type StorageType,
} from '../../../shared/api/storages';
import type { ApiClient } from './client';

export type {
  Storage,
  StorageDirection,
  StorageFile,
  StorageFormField,
  StorageFormRow,
  StorageStatus,
  StorageType,
  StorageTypeInfo,
} from '../../../shared/api/storages';

/*
 * Label Studio's cloud storages (`/api/storages`): import ("source") storages that tasks come
 * from, export ("target") storages that annotations go to, one URL family per type.
 */

/** A storage as the app handles it: which way it goes is not in the wire object, only in its URL. */
export interface StorageRef {
  id: number;
  type: StorageType;
  direction: StorageDirection;
}

export type StorageFields = Record<string, unknown>;

const base = (direction: StorageDirection) => (direction === 'import' ? '/api/storages' : '/api/storages/export');
const typePath = (direction: StorageDirection, type: StorageType) => `${base(direction)}/${type}`;
const itemPath = (ref: StorageRef) => `${typePath(ref.direction, ref.type)}/${ref.id}`;

export function refOf(storage: Pick<Storage, 'id' | 'type'>, direction: StorageDirection): StorageRef {
  return { id: storage.id, type: storage.type, direction };
}

export function listStorageTypes(client: ApiClient, direction: StorageDirection, signal?: AbortSignal) {
  return client.get(`${base(direction)}/types`, { signal, schema: storageTypeListSchema });
}

/** Every storage of the project in that direction, all types together. */
export function listStorages(
  client: ApiClient,
  project: number,
  direction: StorageDirection,
  signal?: AbortSignal,
): Promise<Storage[]> {
  return client.get(base(direction), { query: { project }, signal, schema: storageListSchema(direction) });
}

export function getStorage(client: ApiClient, ref: StorageRef, signal?: AbortSignal): Promise<Storage> {
  return client.get(itemPath(ref), { signal, schema: storageSchemaOf(ref.direction, ref.type) });
}

export function getStorageForm(
  client: ApiClient,
  direction: StorageDirection,
  type: StorageType,
  signal?: AbortSignal,
): Promise<StorageFormRow[]> {
  return client.get(`${typePath(direction, type)}/form`, { signal, schema: storageFormSchema });
}

/** The server reaches the storage before it saves it: a refusal is an ApiError with its reason. */
export function createStorage(
  client: ApiClient,
  direction: StorageDirection,
  type: StorageType,
  fields: StorageFields & { project: number },
): Promise<Storage> {
  return client.post(typePath(direction, type), fields, { schema: storageSchemaOf(direction, type) });
}

/**
 * Secrets left out keep the stored ones. The answer has no `type` (Label Studio's serializer skips
 * its read-only default on partial updates) and the app keys storages by it, so it is put back.
 */
export async function updateStorage(client: ApiClient, ref: StorageRef, fields: StorageFields): Promise<Storage> {
  const answer = await client.patch(itemPath(ref), fields, { schema: patchedStorageSchemaOf(ref.direction, ref.type) });
  return { ...answer, type: ref.type } as Storage;
}

export function deleteStorage(client: ApiClient, ref: StorageRef): Promise<void> {
  return client.delete(itemPath(ref));
}

/** Runs the whole sync before it answers; `GET` on the storage shows its progress meanwhile. */
export function startStorageSync(client: ApiClient, ref: StorageRef): Promise<Storage> {
  return client.post(`${itemPath(ref)}/sync`, {}, { schema: storageSchemaOf(ref.direction, ref.type) });
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
  const answer = await client.post(
    `${typePath('import', type)}/files`,
    { ...fields, limit },
    { schema: storageFilesAnswerSchema },
  );
  return answer.files;
}
