import { describe, expect, it } from 'vitest';
import { addProject, getJson } from '../helpers/dmData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * The data columns are kept between requests and brought up to date from what changed; every
 * answer must still equal what a fresh scan of the tasks gives (a new app on the same rows).
 */

async function dataColumns(t: TestApp, project: number): Promise<string[]> {
  const { status, body } = await getJson(t, `/api/dm/columns/?project=${project}`);
  expect(status).toBe(200);
  return (body.columns as { id: string; parent?: string }[])
    .filter((column) => column.parent === 'data')
    .map((column) => column.id);
}

async function send(t: TestApp, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await t.withToken(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response;
}

describe('GET /api/dm/columns/ after writes', () => {
  it('follows imports, data edits, labeling and deletions', async () => {
    const t = await createTestApp();
    const project = addProject(t.db, { text: 'Text' });
    const imported = await send(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, [
      { text: 'a', lang: 'en' },
      { text: 'b', score: 3 },
    ]);
    const [first, second] = ((await imported.json()) as { task_ids: number[] }).task_ids;
    expect(await dataColumns(t, project)).toEqual(['text', 'lang', 'score']);

    // A key added to the first task's data comes before keys first seen in later tasks.
    await send(t, 'PATCH', `/api/tasks/${first}/`, { data: { text: 'a', lang: 'en', zone: 'north' } });
    expect(await dataColumns(t, project)).toEqual(['text', 'lang', 'zone', 'score']);

    await send(t, 'POST', `/api/tasks/${second}/annotations/`, { result: [] });
    await send(t, 'POST', `/api/projects/${project}/import`, [{ text: 'c', source: 'field' }]);
    expect(await dataColumns(t, project)).toEqual(['text', 'lang', 'zone', 'score', 'source']);

    // Deleting the only task with `score` drops the key, as a full scan would, even when an import
    // in between keeps the task count where it was.
    await send(t, 'DELETE', `/api/tasks/${second}/`);
    await send(t, 'POST', `/api/projects/${project}/import`, [{ text: 'd' }]);
    expect(await dataColumns(t, project)).toEqual(['text', 'lang', 'zone', 'source']);
  });
});
