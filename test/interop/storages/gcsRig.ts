import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, createProject } from '../../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';
import { startFakeGcsServer, type FakeGcsServer } from './fakeGcsServer.js';

/*
 * What the GCS storage tests share: one fake-gcs-server per file, named by STORAGE_EMULATOR_HOST
 * the way Label Studio's Python client is pointed at an emulator (restored afterwards), a
 * service-account key that parses like a real one, and an app with a project to add storages to.
 */

/** Starts the emulator for this file's tests; the getter is valid inside tests and hooks. */
export function useFakeGcs(): () => FakeGcsServer {
  let server: FakeGcsServer | null = null;
  const previous = process.env.STORAGE_EMULATOR_HOST;
  beforeAll(async () => {
    server = await startFakeGcsServer();
    process.env.STORAGE_EMULATOR_HOST = server.url;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = previous;
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the fake GCS server is not running');
    return server;
  };
}

let bucketCount = 0;

/** A fresh bucket, so tests never see each other's objects. */
export async function newBucket(gcs: FakeGcsServer, stem = 'outpost'): Promise<string> {
  bucketCount += 1;
  const name = `${stem}-${process.pid}-${bucketCount}`;
  await gcs.createBucket(name);
  return name;
}

/** The key a test marks its credentials with, to find them wherever they might leak. */
export const CREDENTIALS_MARKER = 'outpost-gcs-test@outpost-interop.iam.gserviceaccount.com';

/** A service-account key file's text, with a real RSA key (the emulator never checks it). */
export function serviceAccountJson(overrides: Record<string, unknown> = {}): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'outpost-interop',
    private_key_id: 'abc123',
    private_key: privateKey,
    client_email: CREDENTIALS_MARKER,
    client_id: '1234567890',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...overrides,
  });
}

export async function gcsApp(): Promise<{ t: TestApp; project: number }> {
  const t = await createTestApp();
  return { t, project: await createProject(t) };
}

export type StorageBody = Record<string, unknown> & { id: number };

/** Creates a GCS storage (`export/` for a target one) and expects it made. */
export async function addGcsStorage(
  t: TestApp,
  project: number,
  fields: Record<string, unknown>,
  direction: '' | 'export/' = '',
): Promise<StorageBody> {
  const created = await call(t, 'POST', `/api/storages/${direction}gcs`, { project, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as StorageBody;
}

/** Runs an import storage's sync and returns the storage afterwards. */
export async function syncImport(t: TestApp, id: number): Promise<Record<string, unknown>> {
  const synced = await call(t, 'POST', `/api/storages/gcs/${id}/sync`);
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  return synced.body as Record<string, unknown>;
}

/** The imported tasks in order: each one's single data value (the object's URI or text) and its object key. */
export function importedTasks(t: TestApp): { value: unknown; key: string; rowIndex: number | null }[] {
  const rows = t.db
    .prepare(
      'SELECT t.data, l.key, l.row_index FROM tasks t JOIN storage_import_links l ON l.task = t.id ORDER BY t.id',
    )
    .all() as { data: string; key: string; row_index: number | null }[];
  return rows.map((row) => ({
    value: Object.values(JSON.parse(row.data) as Record<string, unknown>)[0],
    key: row.key,
    rowIndex: row.row_index,
  }));
}
