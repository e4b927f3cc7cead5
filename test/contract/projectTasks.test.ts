import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows, insertTask } from '../helpers/projectData.js';
import { call, choices, createProject, createTask, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/** A project with `count` tasks, each one minute newer than the one before. */
async function projectWithTasks(count: number) {
  const t = await createTestApp();
  const project = await createProject(t);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    t.advanceSeconds(60);
    ids.push(await createTask(t, project, { text: `task ${index}` }));
  }
  return { t, project, ids };
}

async function listIds(t: TestApp, project: number, query = '') {
  const { status, body, response } = await call(t, 'GET', `/api/projects/${project}/tasks/${query}`);
  return { status, ids: status === 200 ? (body as { id: number }[]).map((task) => task.id) : null, response };
}

describe('GET /api/projects/{id}/tasks/ (the old task list)', () => {
  it('is a bare array of TaskSimpleSerializer objects, newest update first', async () => {
    const { t, project, ids } = await projectWithTasks(3);
    t.advanceSeconds(60);
    await call(t, 'POST', `/api/tasks/${ids[0]}/annotations/`, { result: choices('pos') });
    const { status, body } = await call(t, 'GET', `/api/projects/${project}/tasks`);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((task: { id: number }) => task.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(body[0]).toMatchObject({
      data: { text: 'task 0' },
      meta: {},
      updated_by: t.userId,
      is_labeled: true,
      overlap: 1,
      project,
      file_upload: null,
      predictions: [],
    });
    expect(body[0].annotations).toHaveLength(1);
    expect(body[1]).toMatchObject({ updated_by: null, annotations: [], predictions: [] });
  });

  it('pages with page and page_size (default 50), and page_size=-1 gives all', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    for (let index = 0; index < 51; index += 1) insertTask(t.db, project, { text: String(index) });
    expect((await listIds(t, project)).ids).toHaveLength(50);
    expect((await listIds(t, project, '?page=2')).ids).toHaveLength(1);
    expect((await listIds(t, project, '?page=2&page_size=20')).ids).toHaveLength(20);
    expect((await listIds(t, project, '?page_size=-1')).ids).toHaveLength(51);
    expect((await listIds(t, project, '?length=5')).ids).toHaveLength(5);
  });

  it('reads start as Label Studio does (exact only for page_size=1)', async () => {
    const { t, project, ids } = await projectWithTasks(12);
    const newestFirst = [...ids].reverse();
    expect((await listIds(t, project, '?start=0&page_size=1')).ids).toEqual([newestFirst[0]]);
    expect((await listIds(t, project, '?start=1&page_size=1')).ids).toEqual([newestFirst[1]]);
    // start > page_size: page = start / page_size + 1 -> page 3 of 5 = items 10 and 11.
    expect((await listIds(t, project, '?start=10&page_size=5')).ids).toEqual(newestFirst.slice(10));
    // start <= page_size: page = start + 1 -> page 3 of 5 again.
    expect((await listIds(t, project, '?start=2&page_size=5')).ids).toEqual(newestFirst.slice(10));
    expect((await listIds(t, project, '?start=0&page_size=4')).ids).toEqual(newestFirst.slice(0, 4));
  });

  it('is the 404 envelope "Not found." for empty pages: page 0, past the end, page_size 0, empty project', async () => {
    const { t, project } = await projectWithTasks(2);
    for (const query of [
      '?page=0',
      '?page=2',
      '?page=-1',
      '?page_size=0',
      '?start=1&page_size=0',
      '?page_size=-2',
      '?start=240000&page_size=100000000',
    ]) {
      await expectEnvelope((await listIds(t, project, query)).response, 404, 'Not found.');
    }
    const empty = await createProject(t);
    await expectEnvelope((await listIds(t, empty)).response, 404, 'Not found.');
    await expectEnvelope((await listIds(t, empty, '?page_size=-1')).response, 404, 'Not found.');
  });

  it('refuses non-integer paging values and unknown projects', async () => {
    const { t, project } = await projectWithTasks(1);
    await expectEnvelope((await listIds(t, project, '?page=abc')).response, 400, 'Validation error', {
      page: ['Incorrect value in key "page" = "abc". It should be digit string.'],
    });
    await expectEnvelope((await listIds(t, project, '?start=x')).response, 400, 'Validation error', {
      start: ['Incorrect value in key "start" = "x". It should be digit string.'],
    });
    await expectEnvelope((await listIds(t, 999)).response, 404, 'No Project matches the given query.');
  });
});

describe('POST /api/projects/{id}/tasks/', () => {
  it('creates one task from JSON or a form (201), not from multipart (415)', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const json = await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'a' }, project: 999 });
    expect(json.status).toBe(201);
    // Label Studio's Task.save numbers the first task of an empty project 2.
    expect(json.body).toMatchObject({ data: { text: 'a' }, project, inner_id: 2, meta: {}, allow_skip: true });
    expect(json.body.annotations).toBeUndefined();
    const form = await t.withToken(`/api/projects/${project}/tasks`, {
      method: 'POST',
      body: new URLSearchParams({ data: JSON.stringify({ text: 'b' }) }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ data: { text: 'b' }, inner_id: 3 });
    const multipart = new FormData();
    multipart.set('data', JSON.stringify({ text: 'c' }));
    const refused = await t.withToken(`/api/projects/${project}/tasks`, { method: 'POST', body: multipart });
    await expectEnvelope(refused, 415, 'Unsupported media type "multipart/form-data" in request.');
    expect(countRows(t.db, 'tasks')).toBe(2);
  });

  it('validates data with the project data types', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    await expectEnvelope(
      (await call(t, 'POST', `/api/projects/${project}/tasks/`, {})).response,
      400,
      'Validation error',
      {
        data: ['This field is required.'],
      },
    );
    await expectEnvelope(
      (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: { a: 1 } } })).response,
      400,
      'Validation error',
      {
        non_field_errors: [
          "data['text']={'a': 1} is of type 'dict', but the object tag Text expects the following types: " +
            "['str', 'int', 'float', 'list'] [assume: item[\"data\"] = task root with values]",
        ],
      },
    );
    await expectEnvelope(
      (await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { other: 'x' } })).response,
      400,
      'Validation error',
      { non_field_errors: ['"text" key is expected in task data [assume: item["data"] = task root with values]'] },
    );
    await expectEnvelope(
      (await call(t, 'POST', '/api/projects/999/tasks/', { data: {} })).response,
      404,
      'No Project matches the given query.',
    );
  });
});

describe('DELETE /api/projects/{id}/tasks/', () => {
  it('removes every task of the project with their annotations (204), and no other project', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const other = await createProject(t);
    const task = await createTask(t, project);
    await createTask(t, project, { text: 'b' });
    const kept = await createTask(t, other);
    await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result: [] });
    const response = await t.withToken(`/api/projects/${project}/tasks/`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(countRows(t.db, 'tasks', `project = ${project}`)).toBe(0);
    expect(countRows(t.db, 'annotations')).toBe(0);
    expect((await call(t, 'GET', `/api/tasks/${kept}/`)).status).toBe(200);
    // The next task starts the project's inner_id sequence again, from 2 as in an empty project.
    expect((await call(t, 'POST', `/api/projects/${project}/tasks/`, { data: { text: 'new' } })).body.inner_id).toBe(2);
  });
});
