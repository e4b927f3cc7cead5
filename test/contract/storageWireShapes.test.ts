import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createStorage,
  getStorage,
  getStorageForm,
  listStorageFiles,
  listStorages,
  listStorageTypes,
  refOf,
  startStorageSync,
  updateStorage,
} from '../../renderer/src/api/storages.js';
import type { StorageRow } from '../../electron/core/db/repos/storagesRepo.js';
import { serializeStorage } from '../../electron/core/domain/storages/storageRows.js';
import {
  localfilesExportStorageSchema,
  localfilesImportStorageSchema,
  STORAGE_SCHEMAS,
  STORAGE_TYPES,
  storageFilesAnswerSchema,
  storageFormSchema,
  storageSchemaOf,
  storageTypeListSchema,
  type StorageDirection,
  type StorageType,
} from '../../shared/api/storages.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { call, createProject } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * Storage answers parsed strictly with the shared schemas the renderer reads them with: a local
 * folder through the API, and every type's serializer on a stored row (the cloud types need
 * their emulators to be created through the API).
 */

function storedRow(type: StorageType, direction: StorageDirection, settings: Record<string, unknown>): StorageRow {
  return {
    id: 7,
    project: 1,
    direction,
    type,
    title: 'Bucket',
    description: null,
    created_at: '2026-01-15T10:00:00.000000Z',
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
    settings: JSON.stringify(settings),
    secrets_set: '["aws_secret_access_key","account_key","password","google_application_credentials"]',
  };
}

async function withFolder() {
  const root = mkdtempSync(join(tmpdir(), 'outpost-wire-'));
  const data = join(root, 'photos');
  mkdirSync(data);
  writeFileSync(join(data, 'a.json'), JSON.stringify({ text: 'a' }));
  const t = await createTestApp({ localFiles: { servingEnabled: true, documentRoot: root, userPicksFolders: false } });
  return { t, data, project: await createProject(t) };
}

describe('storage wire shapes', () => {
  it("every type's serializer, both directions, has its schema's fields exactly, secrets never", () => {
    const settings = { bucket: 'b', container: 'c', prefix: 'p/', host: 'h', port: '6379', path: '/data' };
    for (const direction of ['import', 'export'] as const) {
      for (const type of STORAGE_TYPES) {
        const printed = serializeStorage(storedRow(type, direction, settings));
        const parsed = STORAGE_SCHEMAS[direction][type].safeParse(printed);
        expect(parsed.error?.issues ?? [], `${type} ${direction}`).toEqual([]);
        expect(storageSchemaOf(direction, type).parse(printed)).toEqual(printed);
      }
    }
    expect(STORAGE_SCHEMAS.export.s3.safeParse(serializeStorage(storedRow('s3', 'import', {}))).success).toBe(false);
  });

  it('types and every form layout, both directions', async () => {
    const { t } = await withFolder();
    const client = rendererClient(t);
    for (const direction of ['import', 'export'] as const) {
      const prefix = direction === 'import' ? '/api/storages' : '/api/storages/export';
      const types = storageTypeListSchema.parse((await call(t, 'GET', `${prefix}/types`)).body);
      expect(types.map((type) => type.name)).toEqual([...STORAGE_TYPES]);
      expect(await listStorageTypes(client, direction)).toEqual(types);
      for (const type of STORAGE_TYPES) {
        const form = storageFormSchema.parse((await call(t, 'GET', `${prefix}/${type}/form`)).body);
        expect(await getStorageForm(client, direction, type)).toEqual(form);
      }
    }
  });

  it('a local folder import: created, read, listed, patched (no type), synced, and its files', async () => {
    const { t, data, project } = await withFolder();
    const client = rendererClient(t);
    const created = await createStorage(client, 'import', 'localfiles', { project, path: data, title: 'Photos' });
    expect(localfilesImportStorageSchema.parse(created)).toEqual(created);
    const ref = refOf(created, 'import');
    expect(await getStorage(client, ref)).toEqual(created);
    expect(await listStorages(client, project, 'import')).toEqual([created]);
    const patchedRaw = (await call(t, 'PATCH', `/api/storages/localfiles/${created.id}`, { title: 'Pics' })).body;
    expect(localfilesImportStorageSchema.omit({ type: true }).parse(patchedRaw)).toEqual(patchedRaw);
    expect(await updateStorage(client, ref, { title: 'Pics' })).toEqual({ ...created, title: 'Pics' });
    const synced = await startStorageSync(client, ref);
    expect(synced).toMatchObject({ status: 'completed', last_sync_count: 1 });
    const filesRaw = (await call(t, 'POST', '/api/storages/localfiles/files', { project, path: data })).body;
    const files = storageFilesAnswerSchema.parse(filesRaw).files;
    expect(files.map((file) => file.key)).toEqual([expect.stringMatching(/a\.json$/)]);
    expect(await listStorageFiles(client, 'localfiles', { project, path: data }, 10)).toEqual(files);
  });

  it('a local folder export, and a field too many or missing fails', async () => {
    const { t, data, project } = await withFolder();
    const client = rendererClient(t);
    const created = await createStorage(client, 'export', 'localfiles', { project, path: data });
    expect(localfilesExportStorageSchema.parse(created)).toEqual(created);
    expect(await listStorages(client, project, 'export')).toEqual([created]);
    expect(localfilesImportStorageSchema.safeParse(created).success).toBe(false);
    expect(localfilesExportStorageSchema.safeParse({ ...created, extra: 1 }).success).toBe(false);
  });
});
