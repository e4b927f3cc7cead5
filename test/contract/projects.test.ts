import { describe, expect, it } from 'vitest';
import { getLabelingProject } from '../../renderer/src/api/labeling.js';
import { fetchProjectSettings } from '../../renderer/src/api/projectSettings.js';
import { getTaskCount, listProjects } from '../../renderer/src/api/projects.js';
import { pageSchema, projectSchema } from '../../shared/api/projects.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { CREATE_REQUEST, createProjectFromSpec, expectedCreated, json } from '../helpers/projectCreate.js';
import { countRows, insertTask } from '../helpers/projectData.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

/* Projects: creating one and reading it back; changes and deletion are in projectsUpdateDelete.test.ts. */

describe('POST /api/projects/', () => {
  it("answers a full create with every field, in Label Studio's order, counters null", async () => {
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
    const body = await createProjectFromSpec(t, {
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
    const { id } = await createProjectFromSpec(t);
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
