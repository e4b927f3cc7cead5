import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import {
  call,
  choices,
  createProject,
  createTask,
  insertOtherUser,
  taskState,
  type TestApp,
  appWithTask,
} from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

const T0 = '2026-01-15T10:00:00.000000Z';
const T1 = '2026-01-15T10:01:00.000000Z';
const UUID = '6f1c2b3a-0d4e-4f5a-9b8c-7d6e5f4a3b2c';

const setup = appWithTask;

async function annotate(t: TestApp, task: number, body: Record<string, unknown>) {
  return call(t, 'POST', `/api/tasks/${task}/annotations/`, body);
}

describe('ground truth', () => {
  it('one ground truth per task: creating or patching one clears the others', async () => {
    const { t, project, task } = await setup();
    const neighbour = await createTask(t, project, { text: 'n' });
    const onNeighbour = await annotate(t, neighbour, { result: [], ground_truth: true });
    const first = await annotate(t, task, { result: [], ground_truth: true });
    const second = await annotate(t, task, { result: [], ground_truth: true });
    const groundTruth = () =>
      (t.db.prepare('SELECT id FROM annotations WHERE ground_truth = 1 ORDER BY id').all() as { id: number }[]).map(
        (row) => row.id,
      );
    expect(groundTruth()).toEqual([onNeighbour.body.id, second.body.id]);
    await call(t, 'PATCH', `/api/annotations/${first.body.id}/`, { ground_truth: true });
    expect(groundTruth()).toEqual([onNeighbour.body.id, first.body.id]);
    // Un-marking does not touch the others.
    await call(t, 'PATCH', `/api/annotations/${first.body.id}/`, { ground_truth: false });
    expect(groundTruth()).toEqual([onNeighbour.body.id]);
  });
});

describe('/api/annotations/{id}/', () => {
  it('GET returns the annotation; unknown ids are the 404 envelope', async () => {
    const { t, task } = await setup();
    const created = await annotate(t, task, { result: choices('pos') });
    const { status, body } = await call(t, 'GET', `/api/annotations/${created.body.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(created.body);
    await expectEnvelope(
      (await call(t, 'GET', '/api/annotations/999/')).response,
      404,
      'No Annotation matches the given query.',
    );
  });

  it('PATCH changes the given fields, sets updated_by, bumps the task and moves skip counters', async () => {
    const { t, task } = await setup();
    const other = insertOtherUser(t);
    const created = await annotate(t, task, { result: choices('pos'), completed_by: other });
    t.advanceSeconds(60);
    const patched = await call(t, 'PATCH', `/api/annotations/${created.body.id}/`, {
      result: choices('neg'),
      lead_time: 9,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      result: choices('neg'),
      lead_time: 9,
      completed_by: other,
      updated_by: t.userId,
      created_at: T0,
      updated_at: T1,
    });
    expect(taskState(t, task)).toMatchObject({ updated_at: T1, updated_by: t.userId, is_labeled: 1 });
    await call(t, 'PATCH', `/api/annotations/${created.body.id}/`, { was_cancelled: true });
    expect(taskState(t, task)).toMatchObject({ total_annotations: 0, cancelled_annotations: 1, is_labeled: 0 });
    const put = await call(t, 'PUT', `/api/annotations/${created.body.id}/`, { was_cancelled: false });
    expect(put.status).toBe(200);
    expect(taskState(t, task)).toMatchObject({ total_annotations: 1, cancelled_annotations: 0, is_labeled: 1 });
  });

  it('PATCH drops drafts made on the annotation (Label Studio delete_draft signal)', async () => {
    const { t, task } = await setup();
    const created = await annotate(t, task, { result: choices('pos') });
    const draft = await call(t, 'POST', `/api/tasks/${task}/annotations/${created.body.id}/drafts`, { result: [] });
    expect(draft.body.annotation).toBe(created.body.id);
    await call(t, 'PATCH', `/api/annotations/${created.body.id}/`, { result: choices('neg') });
    expect((await call(t, 'GET', `/api/tasks/${task}/drafts`)).body).toEqual([]);
  });

  it('PATCH to a unique_id another annotation has is a 409', async () => {
    const { t, task } = await setup();
    await annotate(t, task, { unique_id: UUID });
    const second = await annotate(t, task, {});
    await expectEnvelope(
      (await call(t, 'PATCH', `/api/annotations/${second.body.id}/`, { unique_id: UUID })).response,
      409,
      'Annotation with this unique id already exists',
    );
  });

  it('DELETE is a 204 that refreshes the counters and bumps the task', async () => {
    const { t, task } = await setup();
    const created = await annotate(t, task, { result: choices('pos') });
    t.advanceSeconds(60);
    const response = await t.withToken(`/api/annotations/${created.body.id}/`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(taskState(t, task)).toEqual({
      total_annotations: 0,
      cancelled_annotations: 0,
      total_predictions: 0,
      is_labeled: 0,
      updated_at: T1,
      updated_by: t.userId,
    });
    await expectEnvelope(
      (await call(t, 'DELETE', `/api/annotations/${created.body.id}/`)).response,
      404,
      'No Annotation matches the given query.',
    );
  });

  it('other methods are 405', async () => {
    const { t } = await setup();
    await expectEnvelope(
      (await call(t, 'POST', '/api/annotations/1/', {})).response,
      405,
      'Method "POST" not allowed.',
    );
  });
});

describe('POST /api/annotations/{id}/convert-to-draft', () => {
  it("gives the caller a draft with the annotation's result and deletes the annotation", async () => {
    const { t, task } = await setup();
    const created = await annotate(t, task, { result: choices('pos'), lead_time: 4 });
    t.advanceSeconds(60);
    const { status, body } = await call(t, 'POST', `/api/annotations/${created.body.id}/convert-to-draft`);
    expect(status).toBe(201);
    expect(body).toEqual({
      id: body.id,
      user: 'annotator@outpost.local',
      created_username: `annotator@outpost.local, ${t.userId}`,
      created_ago: '0\u00a0minutes',
      result: choices('pos'),
      lead_time: 4,
      was_postponed: false,
      import_id: null,
      created_at: T1,
      updated_at: T1,
      task,
      annotation: null,
    });
    expect((await call(t, 'GET', `/api/annotations/${created.body.id}/`)).status).toBe(404);
    expect(taskState(t, task)).toMatchObject({ total_annotations: 0, is_labeled: 0, updated_at: T1 });
  });
});

describe('durability', () => {
  it('a created annotation is committed before the 201: another connection reads it at once', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outpost-annotations-')), 'data.sqlite3');
    const t = await createTestApp({ databasePath: path });
    const project = await createProject(t);
    const task = await createTask(t, project);
    expect((t.db.pragma('synchronous') as { synchronous: number }[])[0]!.synchronous).toBe(2);
    const created = await annotate(t, task, { result: choices('pos') });
    const reader = new Database(path, { readonly: true });
    try {
      expect(reader.prepare('SELECT count(*) AS n FROM annotations WHERE id = ?').get(created.body.id)).toEqual({
        n: 1,
      });
      expect(reader.prepare('SELECT total_annotations FROM tasks WHERE id = ?').get(task)).toEqual({
        total_annotations: 1,
      });
    } finally {
      reader.close();
    }
  });
});
