import { describe, expect, it } from 'vitest';
import { addProject, getJson, type TestApp } from '../helpers/dmData.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

/* Data Manager views: `/api/dm/views/` after Label Studio's ViewAPI and test_views_api.py. */

function send(t: TestApp, method: string, path: string, body?: unknown) {
  return t.withToken(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
}

const FILTERS = {
  conjunction: 'or',
  items: [
    { filter: 'filter:tasks:data.image', operator: 'contains', type: 'Image', value: {} },
    { filter: 'filter:tasks:data.image', operator: 'equal', type: 'Image', value: {} },
  ],
};

describe('/api/dm/views/', () => {
  it('creates, lists, reads, patches and deletes a view', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const created = await send(t, 'POST', '/api/dm/views/', { project, data: { test: 1 } });
    expect(created.status).toBe(201);
    const view = (await created.json()) as { id: number };
    expect(view).toEqual({ id: view.id, data: { test: 1 }, order: 0, user: t.userId, project });
    const listed = await getJson(t, '/api/dm/views/');
    expect(listed.body).toEqual([view]);
    const patched = await send(t, 'PATCH', `/api/dm/views/${view.id}/`, { data: { test: 2 } });
    expect(patched.status).toBe(200);
    expect((await getJson(t, `/api/dm/views/${view.id}`)).body.data).toEqual({ test: 2 });
    expect((await send(t, 'DELETE', `/api/dm/views/${view.id}`)).status).toBe(204);
    await expectEnvelope(await t.withToken(`/api/dm/views/${view.id}`), 404, 'No View matches the given query.');
  });

  it('moves data.filters into the filter group and data.ordering into the ordering, and folds them back', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const data = {
      title: 'Tab',
      filters: FILTERS,
      ordering: ['tasks:id'],
      hiddenColumns: { explore: [], labeling: [] },
    };
    const created = await send(t, 'POST', '/api/dm/views', { project: String(project), data });
    expect(created.status).toBe(201);
    const view = (await created.json()) as { id: number; data: Record<string, unknown> };
    // Stored keys first, then filters and ordering.
    expect(view.data).toEqual(data);
    expect(Object.keys(view.data)).toEqual(['title', 'hiddenColumns', 'filters', 'ordering']);
    const updated = { filters: { ...FILTERS, conjunction: 'and' } };
    expect((await send(t, 'PUT', `/api/dm/views/${view.id}`, { project, data: updated })).status).toBe(200);
    // PUT keeps the ordering: Label Studio only writes a non-empty one.
    expect((await getJson(t, `/api/dm/views/${view.id}`)).body.data).toEqual({ ...updated, ordering: ['tasks:id'] });
  });

  it('orders the list by order then id, numbers new tabs, and filters by project', async () => {
    const t = await createTestApp();
    const first = addProject(t.db);
    const second = addProject(t.db);
    const a = (await (await send(t, 'POST', '/api/dm/views', { project: first })).json()) as {
      id: number;
      order: number;
    };
    const b = (await (await send(t, 'POST', '/api/dm/views', { project: first })).json()) as {
      id: number;
      order: number;
    };
    const c = (await (await send(t, 'POST', '/api/dm/views', { project: second })).json()) as {
      id: number;
      order: number;
    };
    expect([a.order, b.order, c.order]).toEqual([0, 1, 0]);
    expect((await getJson(t, '/api/dm/views/')).body.map((view: { id: number }) => view.id)).toEqual([
      a.id,
      c.id,
      b.id,
    ]);
    expect((await getJson(t, `/api/dm/views/?project=${first}`)).body.map((view: { id: number }) => view.id)).toEqual([
      a.id,
      b.id,
    ]);
    await expectEnvelope(await t.withToken('/api/dm/views/?project=999'), 400, 'Validation error', {
      project: ['Select a valid choice. That choice is not one of the available choices.'],
    });
    const ordered = await send(t, 'POST', '/api/dm/views/order/', { project: first, ids: [b.id, a.id] });
    expect(ordered.status).toBe(200);
    expect((await getJson(t, `/api/dm/views/?project=${first}`)).body.map((view: { id: number }) => view.id)).toEqual([
      b.id,
      a.id,
    ]);
    await expectEnvelope(
      await send(t, 'POST', '/api/dm/views/order/', { project: first, ids: [] }),
      400,
      'Validation error',
      {
        ids: ['This list may not be empty.'],
      },
    );
    await expectEnvelope(
      await send(t, 'POST', '/api/dm/views/order/', { project: 999, ids: [1] }),
      404,
      'No Project matches the given query.',
    );
    // Found by the fuzz suite: missing fields were a 500.
    await expectEnvelope(await send(t, 'POST', '/api/dm/views/order/', {}), 400, 'Validation error', {
      project: ['This field is required.'],
      ids: ['This field is required.'],
    });
  });

  it('resets one project’s views, by query or by body', async () => {
    const t = await createTestApp();
    const first = addProject(t.db);
    const second = addProject(t.db);
    await send(t, 'POST', '/api/dm/views', { project: first });
    await send(t, 'POST', '/api/dm/views', { project: second });
    expect((await send(t, 'DELETE', `/api/dm/views/reset/?project=${first}`)).status).toBe(204);
    expect((await getJson(t, '/api/dm/views')).body.map((view: { project: number }) => view.project)).toEqual([second]);
    expect((await send(t, 'DELETE', '/api/dm/views/reset', { project: second })).status).toBe(204);
    expect((await getJson(t, '/api/dm/views')).body).toEqual([]);
    await expectEnvelope(await send(t, 'DELETE', '/api/dm/views/reset'), 400, 'Validation error', {
      project: ['This field may not be null.'],
    });
    await expectEnvelope(await send(t, 'DELETE', '/api/dm/views/reset?project=77'), 400, 'Validation error', {
      project: ['Invalid pk "77" - object does not exist.'],
    });
  });

  it('validates the project and the filter columns', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    await expectEnvelope(await send(t, 'POST', '/api/dm/views', { data: {} }), 400, 'Validation error', {
      project: ['This field is required.'],
    });
    const badColumn = {
      conjunction: 'and',
      items: [{ filter: 'tasks:id', operator: 'equal', type: 'Number', value: 1 }],
    };
    await expectEnvelope(
      await send(t, 'POST', '/api/dm/views', { project, data: { filters: badColumn } }),
      400,
      'Validation error',
      {
        filter_group: { filters: [{ column: ['Filter "tasks:id" should start with "filter:tasks:"'] }] },
      },
    );
    const traversal = {
      conjunction: 'and',
      items: [{ filter: 'filter:tasks:project__title', operator: 'equal', type: 'String', value: 'x' }],
    };
    const refused = await send(t, 'POST', '/api/dm/views', { project, data: { filters: traversal } });
    expect(refused.status).toBe(400);
    await expectEnvelope(
      await send(t, 'PUT', '/api/dm/views/1', { data: {} }),
      404,
      'No View matches the given query.',
    );
    const view = (await (await send(t, 'POST', '/api/dm/views', { project })).json()) as { id: number };
    await expectEnvelope(await send(t, 'PUT', `/api/dm/views/${view.id}`, { data: {} }), 400, 'Validation error', {
      project: ['This field is required.'],
    });
    expect((await send(t, 'PUT', `/api/dm/views/${view.id}`, { project, data: { title: 'x' } })).status).toBe(200);
  });
});
