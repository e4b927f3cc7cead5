import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * Names that are special on a plain JavaScript object (`__proto__`, `constructor`, `prototype`)
 * are ordinary names on the wire: a multipart or form field, JSON key, CSV column, query name or
 * model version spelled so is read as any other, never a 500, never an object's prototype.
 */

const SPECIAL_NAMES = ['__proto__', 'constructor', 'prototype'];

async function projectId(t: TestApp, body: Record<string, unknown> = {}): Promise<number> {
  const response = await t.withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify({ title: 'Special names', ...body }),
    headers: { 'Content-Type': 'application/json' },
  });
  return ((await response.json()) as { id: number }).id;
}

describe('special object key names in requests', () => {
  it.each(SPECIAL_NAMES)(
    'POST /api/outpost/remotes with a multipart file %s is a 400 naming the missing fields',
    async (name) => {
      const t = await createTestApp();
      const form = new FormData();
      form.append(name, new Blob(['x']), 'a.txt');
      const response = await t.withToken('/api/outpost/remotes/', { method: 'POST', body: form });
      await expectEnvelope(response, 400, 'Validation error', {
        url: ['This field is required.'],
        token: ['This field is required.'],
      });
    },
  );

  it.each(SPECIAL_NAMES)(
    'PATCH /api/outpost/remotes/1 with a multipart file %s is the 404 of a missing remote',
    async (name) => {
      const t = await createTestApp();
      const form = new FormData();
      form.append(name, new Blob(['x']), 'a.txt');
      form.append('name', 'n');
      const response = await t.withToken('/api/outpost/remotes/1/', { method: 'PATCH', body: form });
      await expectEnvelope(response, 404, 'No Remote matches the given query.');
    },
  );

  it.each(SPECIAL_NAMES)('a url-encoded field %s next to real fields leaves them read', async (name) => {
    const t = await createTestApp();
    const body = new URLSearchParams([
      [name, 'x'],
      ['title', 'Form project'],
    ]);
    const response = await t.withToken('/api/projects/', { method: 'POST', body });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ title: 'Form project' });
  });

  it.each(SPECIAL_NAMES)('a CSV column %s is imported as task data', async (name) => {
    const t = await createTestApp();
    const project = await projectId(t);
    const form = new FormData();
    form.append('file', new Blob([`text,${name}\nhello,{"a":1}\n`]), 'data.csv');
    const response = await t.withToken(`/api/projects/${project}/import`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const tasks = (await (await t.withToken(`/api/tasks/?project=${project}`)).json()) as {
      tasks: { data: Record<string, unknown> }[];
    };
    expect(Object.keys(tasks.tasks[0]?.data ?? {})).toEqual(['text', name]);
    expect(tasks.tasks[0]?.data[name]).toBe('{"a":1}');
  });

  it.each(SPECIAL_NAMES)('a project model_version %s is listed at 0 predictions', async (name) => {
    const t = await createTestApp();
    const project = await projectId(t, { model_version: name });
    const response = await t.withToken(`/api/projects/${project}/model-versions/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ [name]: 0 });
  });

  it.each(SPECIAL_NAMES)('a JSON key %s in a project body is ignored like any unknown key', async (name) => {
    const t = await createTestApp();
    const response = await t.withToken('/api/projects/', {
      method: 'POST',
      body: `{"title": "JSON project", "${name}": {"title": "polluted", "polluted": true}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ title: 'JSON project' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(SPECIAL_NAMES)('a query name %s is not a 500', async (name) => {
    const t = await createTestApp();
    for (const path of ['/api/tasks/', '/api/outpost/dashboard/', '/api/projects/']) {
      const response = await t.withToken(`${path}?${name}=1&${name}=2`);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});
