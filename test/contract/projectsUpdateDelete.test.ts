import { describe, expect, it } from 'vitest';
import { updateProjectSettings } from '../../renderer/src/api/projectSettings.js';
import { projectSchema } from '../../shared/api/projects.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createProjectFromSpec, json } from '../helpers/projectCreate.js';
import {
  choices,
  countRows,
  insertAnnotation,
  insertDraft,
  insertExportSnapshot,
  insertFileUpload,
  insertPrediction,
  insertTask,
} from '../helpers/projectData.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

/* Projects: changing one (PATCH, PUT) and deleting it with everything under it. */

describe('PATCH and PUT /api/projects/{id}/', () => {
  it('changes only the fields given and returns the project with counters', async () => {
    const t = await createTestApp();
    const { id } = await createProjectFromSpec(t);
    const response = await t.withToken(`/api/projects/${id}/`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Renamed', show_skip_button: false }),
      headers: json,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Renamed', show_skip_button: false, description: 'demo', task_number: 0 });
    expect(projectSchema.parse(body)).toEqual(body);
    expect(await (await t.withToken(`/api/projects/${id}`)).json()).toMatchObject({ title: 'Renamed' });
    const settings = await updateProjectSettings(rendererClient(t), id, { title: 'Again' });
    expect(settings).toMatchObject({ title: 'Again', show_skip_button: false, description: 'demo' });
  });

  it('PUT behaves as a full update whose absent fields keep their values (all fields are optional)', async () => {
    const t = await createTestApp();
    const { id } = await createProjectFromSpec(t);
    const response = await t.withToken(`/api/projects/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ description: 'new' }),
      headers: json,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: 'Sentiment',
      description: 'new',
      show_instruction: true,
      created_by: { id: t.userId },
    });
    // A form PUT is a full HTML-input write: unticked checkboxes become false.
    const form = await t.withToken(`/api/projects/${id}`, {
      method: 'PUT',
      body: new URLSearchParams({ title: 'Form put' }),
    });
    expect(await form.json()).toMatchObject({ title: 'Form put', show_instruction: false, show_skip_button: false });
    // A form PATCH leaves absent checkboxes alone.
    await t.withToken(`/api/projects/${id}`, {
      method: 'PATCH',
      body: new URLSearchParams({ show_skip_button: 'true' }),
    });
    const patched = await t.withToken(`/api/projects/${id}`, {
      method: 'PATCH',
      body: new URLSearchParams({ title: 'Form patch' }),
    });
    expect(await patched.json()).toMatchObject({ title: 'Form patch', show_skip_button: true });
  });

  it('gives 404 for a missing project, even with an invalid body', async () => {
    const t = await createTestApp();
    await expectEnvelope(
      await t.withToken('/api/projects/77', { method: 'PATCH', body: '{"title": "valid"}', headers: json }),
      404,
      'No Project matches the given query.',
    );
  });
});

describe('DELETE /api/projects/{id}/', () => {
  it('answers 204 with an empty body and removes everything under the project, nothing else', async () => {
    const t = await createTestApp();
    const { id } = await createProjectFromSpec(t);
    const other = (await createProjectFromSpec(t)).id;
    for (const project of [id, other]) {
      const task = insertTask(t.db, project);
      const annotation = insertAnnotation(t.db, { task, project, result: [choices('label', 'text', 'pos')] });
      insertPrediction(t.db, task, project);
      insertDraft(t.db, task, project, t.userId);
      t.db.prepare('UPDATE drafts SET annotation = ? WHERE task = ?').run(annotation, task);
      insertFileUpload(t.db, project);
      insertExportSnapshot(t.db, project);
    }
    const response = await t.withToken(`/api/projects/${id}/`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    for (const table of ['tasks', 'annotations', 'predictions', 'drafts', 'file_uploads', 'export_snapshots']) {
      expect(countRows(t.db, table, `project = ${id}`), table).toBe(0);
      expect(countRows(t.db, table, `project = ${other}`), table).toBe(1);
    }
    expect(countRows(t.db, 'projects')).toBe(1);
    await expectEnvelope(await t.withToken(`/api/projects/${id}/`), 404, 'No Project matches the given query.');
    await expectEnvelope(
      await t.withToken(`/api/projects/${id}/`, { method: 'DELETE' }),
      404,
      'No Project matches the given query.',
    );
  });

  it('deletes a project with 20k tasks, annotations, drafts and predictions in one request', async () => {
    const t = await createTestApp();
    const { id } = await createProjectFromSpec(t);
    // Written set by set, not row by row: a loop of 20k inserts took up to 25 s of CI's 30.
    const now = '2026-01-15T10:00:00.000000Z';
    t.db.transaction(() => {
      t.db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
           INSERT INTO tasks (project, inner_id, data, created_at, updated_at) SELECT ?, i, '{"text":"x"}', ?, ? FROM n`,
        )
        .run(id, now, now);
      t.db
        .prepare(
          `INSERT INTO annotations (task, project, unique_id, result, created_at, updated_at)
           SELECT id, project, printf('00000000-0000-4000-8000-%012d', id), '[]', ?, ? FROM tasks
           WHERE project = ? AND inner_id % 2 = 1`,
        )
        .run(now, now, id);
      t.db
        .prepare(
          `INSERT INTO drafts (task, project, user, annotation, result, created_at, updated_at)
           SELECT task, project, ?, id, '[]', ?, ? FROM annotations WHERE project = ?`,
        )
        .run(t.userId, now, now, id);
      t.db
        .prepare(
          `INSERT INTO predictions (task, project, model_version, created_at, updated_at)
           SELECT id, project, 'v1', ?, ? FROM tasks WHERE project = ? AND inner_id % 3 = 1`,
        )
        .run(now, now, id);
    })();
    expect([countRows(t.db, 'tasks'), countRows(t.db, 'annotations'), countRows(t.db, 'drafts')]).toEqual([
      20_000, 10_000, 10_000,
    ]);
    expect(countRows(t.db, 'predictions')).toBe(6_667);
    expect((await t.withToken(`/api/projects/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(countRows(t.db, 'tasks')).toBe(0);
    expect(countRows(t.db, 'drafts')).toBe(0);
    expect(countRows(t.db, 'annotations')).toBe(0);
    expect(countRows(t.db, 'predictions')).toBe(0);
  });
});
