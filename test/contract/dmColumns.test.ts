import { describe, expect, it } from 'vitest';
import { addAnnotation, addPrediction, addProject, addTask, getJson } from '../helpers/dmData.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

/* `/api/dm/columns/` and `/api/dm/project/`, after Label Studio's get_all_columns and ProjectStateAPI. */

const BUILT_IN = [
  'id',
  'inner_id',
  'completed_at',
  'total_annotations',
  'cancelled_annotations',
  'total_predictions',
  'annotators',
  'annotations_results',
  'annotations_ids',
  'predictions_score',
  'predictions_model_versions',
  'predictions_results',
  'file_upload',
  'storage_filename',
  'created_at',
  'updated_at',
  'updated_by',
  'avg_lead_time',
  'draft_exists',
  'agreement',
];

describe('GET /api/dm/columns/', () => {
  it('lists the config’s data keys, then keys found in tasks, the task columns and the data root', async () => {
    const t = await createTestApp();
    const project = addProject(t.db, { image: 'Image', text: 'Text', 'img[{{idx}}]': 'Image' });
    addTask(t.db, project, { data: { text: 'a', extra: 1, image: '/x.png' } });
    addTask(t.db, project, { data: { $undefined$: 'b', more: true } });
    const task = addTask(t.db, project, { data: { text: 'c' } });
    addPrediction(t.db, task, { model_version: 'v3' });
    const { status, body } = await getJson(t, `/api/dm/columns/?project=${project}`);
    expect(status).toBe(200);
    const ids = body.columns.map((column: { id: string }) => column.id);
    expect(ids).toEqual(['image', 'text', 'extra', 'more', ...BUILT_IN, 'data']);
    expect(body.columns[0]).toEqual({
      id: 'image',
      title: 'image',
      type: 'Image',
      target: 'tasks',
      parent: 'data',
      visibility_defaults: { explore: true, labeling: true },
      project_defined: true,
    });
    expect(body.columns[1].type).toBe('String');
    expect(body.columns[2]).toMatchObject({ type: 'Unknown', visibility_defaults: { explore: true, labeling: false } });
    expect(body.columns[4]).toEqual({
      id: 'id',
      title: 'ID',
      type: 'Number',
      help: 'Task ID',
      target: 'tasks',
      visibility_defaults: { explore: true, labeling: false },
      project_defined: false,
    });
    const versions = body.columns.find((column: { id: string }) => column.id === 'predictions_model_versions');
    expect(versions.schema).toEqual({ items: ['v3'], multiple: true });
    expect(body.columns.at(-1)).toEqual({
      id: 'data',
      title: 'data',
      type: 'List',
      target: 'tasks',
      children: ['image', 'text', 'extra', 'more'],
      project_defined: false,
    });
  });

  it('keeps $undefined$ (titled "data") when the config has no data keys', async () => {
    const t = await createTestApp();
    const project = addProject(t.db, {});
    addTask(t.db, project, { data: { $undefined$: 'x' } });
    const { body } = await getJson(t, `/api/dm/columns?project=${project}`);
    expect(body.columns[0]).toMatchObject({
      id: '$undefined$',
      title: 'data',
      visibility_defaults: { labeling: true },
    });
    await expectEnvelope(await t.withToken('/api/dm/columns?project=99'), 404, 'No Project matches the given query.');
  });
});

describe('GET /api/dm/project/', () => {
  it('is the project with the Data Manager’s extras', async () => {
    const t = await createTestApp();
    const created = await t.withToken('/api/projects/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'DM tab' }),
    });
    const project = ((await created.json()) as { id: number }).id;
    const task = addTask(t.db, project, { data: { text: 'a' } });
    addAnnotation(t.db, task, { was_cancelled: true });
    const { status, body } = await getJson(t, `/api/dm/project/?project=${project}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: project,
      title: 'DM tab',
      can_delete_tasks: true,
      can_manage_annotations: true,
      can_manage_tasks: true,
      source_syncing: false,
      target_syncing: false,
      task_count: 1,
      annotation_count: 1,
      config_has_control_tags: false,
    });
    // dict.update keeps config_has_control_tags where the project serializer put it.
    expect(Object.keys(body).slice(-7)).toEqual([
      'can_delete_tasks',
      'can_manage_annotations',
      'can_manage_tasks',
      'source_syncing',
      'target_syncing',
      'task_count',
      'annotation_count',
    ]);
  });
});
