import { afterAll, beforeAll, expect } from 'vitest';
import { call, createProject, type TestApp } from '../../helpers/taskApi.js';
import { createTestApp } from '../../helpers/testApp.js';
import { MOTO_KEYS, startMotoServer, type MotoServer } from './motoServer.js';

/* What the S3 storage tests share: one moto server per file, an in-process Outpost, and helpers. */

export const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="cat"/></Choices></View>';

export interface S3Rig {
  moto: MotoServer;
  t: TestApp;
}

/** A moto server for the file's tests (started before the first, stopped after the last). */
export function useMoto(): () => MotoServer {
  let moto: MotoServer | null = null;
  beforeAll(async () => {
    moto = await startMotoServer();
  });
  afterAll(async () => {
    await moto?.stop();
  });
  return () => {
    if (!moto) throw new Error('useMoto(): not started yet (use it inside a test)');
    return moto;
  };
}

/** Starts moto before the file's tests and stops it after; a fresh Outpost app per file. */
export function useS3Rig(): () => S3Rig {
  let rig: S3Rig | null = null;
  beforeAll(async () => {
    rig = { moto: await startMotoServer(), t: await createTestApp() };
  });
  afterAll(async () => {
    await rig?.moto.stop();
  });
  return () => {
    if (!rig) throw new Error('useS3Rig(): not started yet (use it inside a test)');
    return rig;
  };
}

/** The fields of an S3 storage on this moto server. */
export function s3Fields(moto: MotoServer, bucket: string, extra: Record<string, unknown> = {}) {
  return { bucket, s3_endpoint: moto.url, region_name: 'us-east-1', ...MOTO_KEYS, ...extra };
}

export async function addS3Storage(
  t: TestApp,
  moto: MotoServer,
  project: number,
  bucket: string,
  extra: Record<string, unknown> = {},
  direction: '' | 'export/' = '',
): Promise<Record<string, unknown> & { id: number }> {
  const created = await call(t, 'POST', `/api/storages/${direction}s3`, { project, ...s3Fields(moto, bucket, extra) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Record<string, unknown> & { id: number };
}

export async function syncS3(t: TestApp, id: number, direction: '' | 'export/' = '') {
  const synced = await call(t, 'POST', `/api/storages/${direction}s3/${id}/sync`);
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  return synced.body as Record<string, unknown> & { meta: Record<string, unknown> };
}

export interface ListedTask {
  id: number;
  data: Record<string, unknown>;
  storage_filename: string | null;
  annotations: { result: unknown[] }[];
  predictions: { result: unknown[]; score: number | null; model_version: string }[];
}

export async function tasksOf(t: TestApp, project: number, query = ''): Promise<ListedTask[]> {
  const listed = await call(t, 'GET', `/api/tasks/?project=${project}&page_size=1000&fields=all${query}`);
  return listed.body.tasks as ListedTask[];
}

export { call, createProject };
