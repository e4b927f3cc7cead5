import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { choices, insertAnnotation, insertDraft, insertTask } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

async function create(t: TestApp): Promise<{ id: number }> {
  const response = await t.withToken('/api/projects/', { method: 'POST' });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

describe('GET /api/projects/{id}/summary/', () => {
  it('summarizes data columns, annotation tuples and labels of annotations and drafts', async () => {
    const t = await createTestApp();
    const { id } = await create(t);
    const first = insertTask(t.db, id, { text: 'a', meta: 1 });
    const second = insertTask(t.db, id, { text: 'b', image: 'x.png' });
    insertAnnotation(t.db, { task: first, project: id, result: [choices('label', 'text', 'pos')] });
    insertAnnotation(t.db, {
      task: second,
      project: id,
      was_cancelled: true,
      result: [choices('label', 'text', 'pos', 'neg'), { from_id: 'a', to_id: 'b', type: 'relation' }],
    });
    insertDraft(t.db, second, id, t.userId, [choices('label', 'text', 'neg')]);
    const response = await t.withToken(`/api/projects/${id}/summary`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body as object)).toEqual([
      'project',
      'created_at',
      'all_data_columns',
      'common_data_columns',
      'created_annotations',
      'created_labels',
      'created_labels_drafts',
    ]);
    expect(body).toEqual({
      project: id,
      created_at: '2026-01-15T10:00:00.000000Z',
      all_data_columns: { text: 2, meta: 1, image: 1 },
      common_data_columns: ['text'],
      created_annotations: { 'label|text|choices': 2 },
      created_labels: { label: { pos: 2, neg: 1 } },
      created_labels_drafts: { label: { neg: 1 } },
    });
    await expectEnvelope(
      await t.withToken('/api/projects/999/summary/'),
      404,
      'No ProjectSummary matches the given query.',
    );
  });

  it('is empty for a project without tasks', async () => {
    const t = await createTestApp();
    const { id } = await create(t);
    expect(await (await t.withToken(`/api/projects/${id}/summary/`)).json()).toEqual({
      project: id,
      created_at: '2026-01-15T10:00:00.000000Z',
      all_data_columns: {},
      common_data_columns: [],
      created_annotations: {},
      created_labels: {},
      created_labels_drafts: {},
    });
  });
});
