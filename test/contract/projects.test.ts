import { describe, expect, it } from 'vitest';
import { getLabelingProject } from '../../renderer/src/api/labeling.js';
import { fetchProjectSettings, updateProjectSettings } from '../../renderer/src/api/projectSettings.js';
import { getTaskCount, listProjects } from '../../renderer/src/api/projects.js';
import { pageSchema, projectSchema } from '../../shared/api/projects.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
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
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };
const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

/** Spec 2.3's create example, request and (complete) response. */
const CREATE_REQUEST = {
  title: 'Sentiment',
  description: 'demo',
  label_config: CONFIG,
  expert_instruction: '<b>Be careful</b>',
  show_instruction: true,
  color: '#FF0000',
  maximum_annotations: 1,
  sampling: 'Sequential sampling',
};

function expectedCreated(t: TestApp, id: number) {
  return {
    id,
    title: 'Sentiment',
    description: 'demo',
    label_config: CONFIG,
    expert_instruction: '<b>Be careful</b>',
    show_instruction: true,
    show_skip_button: true,
    enable_empty_annotation: true,
    show_annotation_history: false,
    organization: 1,
    color: '#FF0000',
    maximum_annotations: 1,
    is_published: false,
    model_version: '',
    is_draft: false,
    created_by: {
      id: t.userId,
      first_name: '',
      last_name: '',
      email: 'annotator@outpost.local',
      avatar: null,
    },
    created_at: '2026-01-15T10:00:00.000000Z',
    min_annotations_to_start_training: 0,
    start_training_on_annotation_update: false,
    show_collab_predictions: true,
    num_tasks_with_annotations: null,
    task_number: null,
    useful_annotation_number: null,
    ground_truth_number: null,
    skipped_annotations_number: null,
    total_annotations_number: null,
    total_predictions_number: null,
    sampling: 'Sequential sampling',
    show_ground_truth_first: false,
    show_overlap_first: false,
    overlap_cohort_percentage: 100,
    task_data_login: null,
    task_data_password: null,
    control_weights: { label: { overall: 1.0, type: 'Choices', labels: { pos: 1.0, neg: 1.0 } } },
    parsed_label_config: {
      label: {
        type: 'Choices',
        to_name: ['text'],
        inputs: [{ type: 'Text', valueType: null, value: 'text' }],
        labels: ['pos', 'neg'],
        labels_attrs: { pos: { value: 'pos' }, neg: { value: 'neg' } },
      },
    },
    evaluate_predictions_automatically: false,
    config_has_control_tags: true,
    skip_queue: 'REQUEUE_FOR_OTHERS',
    reveal_preannotations_interactively: false,
    pinned_at: null,
    finished_task_number: null,
    queue_total: 0,
    queue_done: 0,
    config_suitable_for_bulk_annotation: true,
    state: null,
  };
}

async function create(t: TestApp, body: unknown = CREATE_REQUEST) {
  const response = await t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

describe('POST /api/projects/ (spec 2.1, 2.3)', () => {
  it("answers the spec's create example with every field, in Label Studio's order, counters null", async () => {
    const t = await createTestApp();
    const response = await t.withToken('/api/projects', {
      method: 'POST',
      body: JSON.stringify(CREATE_REQUEST),
      headers: json,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    const expected = expectedCreated(t, body.id as number);
    expect(Object.keys(body)).toEqual(Object.keys(expected));
    expect(body).toEqual(expected);
    expect(typeof body.id).toBe('number');
    // Strictly the shared wire shape, which the renderer reads it with.
    expect(projectSchema.parse(body)).toEqual(body);
  });

  it('creates a project from an empty body with every default (Label Studio tavern tests do this)', async () => {
    const t = await createTestApp();
    const response = await t.withToken('/api/projects/', { method: 'POST' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: '',
      description: '',
      label_config: '<View></View>',
      expert_instruction: '',
      show_skip_button: true,
      enable_empty_annotation: true,
      show_collab_predictions: true,
      color: '#FFFFFF',
      maximum_annotations: 1,
      overlap_cohort_percentage: 100,
      sampling: 'Sequential sampling',
      skip_queue: 'REQUEUE_FOR_OTHERS',
      control_weights: {},
      parsed_label_config: {},
      config_has_control_tags: false,
      config_suitable_for_bulk_annotation: true,
      organization: 1,
      queue_total: 0,
      queue_done: 0,
      task_number: null,
    });
    // An empty JSON body and `{}` are the same.
    const empty = await t.withToken('/api/projects/', { method: 'POST', body: '', headers: json });
    expect(empty.status).toBe(201);
  });

  it('accepts form and multipart bodies, coercing strings; absent checkboxes are false (DRF HTML input)', async () => {
    const t = await createTestApp();
    const form = await t.withToken('/api/projects/', {
      method: 'POST',
      body: new URLSearchParams({ title: 'From a form', is_published: 'true', maximum_annotations: '3' }),
    });
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({
      title: 'From a form',
      is_published: true,
      maximum_annotations: 3,
      // DRF's BooleanField.default_empty_html: a form that does not send a checkbox means false.
      show_skip_button: false,
      enable_empty_annotation: false,
      show_collab_predictions: false,
      sampling: 'Sequential sampling',
    });

    const multipart = new FormData();
    multipart.set('title', 'Multipart');
    multipart.set('show_skip_button', 'on');
    multipart.set('color', '#00ff00');
    multipart.set('control_weights', '{"label": {"overall": 0.5, "type": "Choices", "labels": {}}}');
    multipart.set('pinned_at', '');
    const created = await t.withToken('/api/projects/', { method: 'POST', body: multipart });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      title: 'Multipart',
      show_skip_button: true,
      color: '#00ff00',
      pinned_at: null,
      control_weights: {},
    });
  });

  it('refuses a JSON body that is not an object like DRF', async () => {
    const t = await createTestApp();
    const post = (body: string) => t.withToken('/api/projects/', { method: 'POST', body, headers: json });
    await expectEnvelope(await post('[]'), 400, 'Validation error', {
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
    await expectEnvelope(await post('"title"'), 400, 'Validation error', {
      non_field_errors: ['Invalid data. Expected a dictionary, but got str.'],
    });
    await expectEnvelope(await post('12'), 400, 'Validation error', {
      non_field_errors: ['Invalid data. Expected a dictionary, but got int.'],
    });
    await expectEnvelope(await post('null'), 400, 'Validation error', { non_field_errors: ['No data provided'] });
    expect(countRows(t.db, 'projects')).toBe(0);
  });

  it('ignores unknown and read-only fields', async () => {
    const t = await createTestApp();
    const body = await create(t, {
      title: 'Mine',
      id: 999,
      created_at: '2000-01-01T00:00:00Z',
      task_number: 5,
      parsed_label_config: { x: 1 },
      created_by: { id: 42 },
      organization: 1,
      queue_total: 9,
      no_such_field: true,
    });
    expect(body.id).not.toBe(999);
    expect(body).toMatchObject({ title: 'Mine', created_at: '2026-01-15T10:00:00.000000Z', task_number: null });
    expect(body.parsed_label_config).toEqual({});
    expect((body.created_by as { id: number }).id).toBe(t.userId);
  });

  it('honours ?include on the create response', async () => {
    const t = await createTestApp();
    const response = await t.withToken('/api/projects/?include=id,title', {
      method: 'POST',
      body: JSON.stringify({ title: 'Sparse' }),
      headers: json,
    });
    expect(Object.keys((await response.json()) as object)).toEqual(['id', 'title']);
  });
});

describe('GET /api/projects/{id}/', () => {
  it('returns the project with computed counters and honours include as a sparse fieldset', async () => {
    const t = await createTestApp();
    const { id } = await create(t);
    insertTask(t.db, id);
    const response = await t.withToken(`/api/projects/${id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(Object.keys(expectedCreated(t, id)));
    expect(body).toMatchObject({ task_number: 1, finished_task_number: 0, total_annotations_number: 0 });
    expect(body.queue_total).toBe(1);
    expect(projectSchema.parse(body)).toEqual(body);
    expect(pageSchema(projectSchema).parse(await (await t.withToken('/api/projects/')).json()).results).toEqual([body]);
    const client = rendererClient(t);
    expect(await getTaskCount(client, id)).toBe(1);
    const labeling = await getLabelingProject(client, id);
    expect(labeling).toEqual({
      id,
      title: body.title,
      label_config: body.label_config,
      expert_instruction: body.expert_instruction,
      show_instruction: body.show_instruction,
      show_skip_button: body.show_skip_button,
      show_annotation_history: body.show_annotation_history,
      enable_empty_annotation: body.enable_empty_annotation,
      model_version: body.model_version,
      show_collab_predictions: body.show_collab_predictions,
    });
    expect((await fetchProjectSettings(client, id)).title).toBe(body.title);
    const page = await listProjects(client, { page: 1, ordering: 'newest' });
    expect(page.results).toEqual([expect.objectContaining({ id, task_number: 1, finished_task_number: 0 })]);

    // test_projects.tavern.yml: get_only_id
    expect(await (await t.withToken(`/api/projects/${id}?include=id`)).json()).toEqual({ id });
    expect(await (await t.withToken(`/api/projects/${id}/?include=created_by.email,task_number`)).json()).toEqual({
      created_by: { email: 'annotator@outpost.local' },
      task_number: 1,
    });
    const omitted = (await (await t.withToken(`/api/projects/${id}/?omit=label_config,created_by`)).json()) as object;
    expect(Object.keys(omitted)).not.toContain('label_config');
    expect(Object.keys(omitted)).toHaveLength(Object.keys(body).length - 2);
  });

  it('gives the envelope 404 for a missing id and Django HTML 404 for a non-integer id', async () => {
    const t = await createTestApp();
    await expectEnvelope(await t.withToken('/api/projects/12345/'), 404, 'No Project matches the given query.');
    await expectEnvelope(
      await t.withToken('/api/projects/99999999999999999999999'),
      404,
      'No Project matches the given query.',
    );
    for (const path of ['/api/projects/abc/', '/api/projects/-1', '/api/projects/1.5']) {
      const response = await t.withToken(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
    await expectEnvelope(await t.withToken('/api/projects/1', { method: 'POST' }), 405, 'Method "POST" not allowed.');
  });

  it('requires authentication', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/projects/');
    expect(response.status).toBe(401);
  });
});

describe('PATCH and PUT /api/projects/{id}/', () => {
  it('changes only the fields given and returns the project with counters', async () => {
    const t = await createTestApp();
    const { id } = await create(t);
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
    const { id } = await create(t);
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
    const { id } = await create(t);
    const other = (await create(t)).id;
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
    const { id } = await create(t);
    t.db.transaction(() => {
      for (let index = 0; index < 20_000; index += 1) {
        const task = insertTask(t.db, id);
        if (index % 2 === 0) {
          const annotation = insertAnnotation(t.db, { task, project: id });
          insertDraft(t.db, task, id, t.userId);
          t.db.prepare('UPDATE drafts SET annotation = ? WHERE task = ?').run(annotation, task);
        }
        if (index % 3 === 0) insertPrediction(t.db, task, id);
      }
    })();
    expect((await t.withToken(`/api/projects/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(countRows(t.db, 'tasks')).toBe(0);
    expect(countRows(t.db, 'drafts')).toBe(0);
    expect(countRows(t.db, 'annotations')).toBe(0);
    expect(countRows(t.db, 'predictions')).toBe(0);
  });
});
