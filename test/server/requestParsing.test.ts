import { describe, expect, it } from 'vitest';
import { readPageRequest } from '../../electron/core/server/pageRequest.js';
import { parseQueryParameter } from '../../electron/core/server/queryParameter.js';
import { addProject, addTask } from '../helpers/dmData.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * Query values the routes read before the domain sees typed values: the Data Manager's `query`
 * parameter (URL-encoded JSON, once or twice) and DRF's `page` / `page_size`.
 */

describe('the query parameter', () => {
  it('is JSON, decoded once more when it was encoded twice', () => {
    const query = { filters: { conjunction: 'and', items: [] }, ordering: ['tasks:id'] };
    expect(parseQueryParameter(JSON.stringify(query))).toEqual(query);
    expect(parseQueryParameter(encodeURIComponent(JSON.stringify(query)))).toEqual(query);
  });

  it('must be a JSON object, else a field error on `query`', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    addTask(t.db, project, { data: { text: 'a' } });
    const list = (query: string) => t.withToken(`/api/tasks/?project=${project}&query=${encodeURIComponent(query)}`);
    await expectEnvelope(await list('[1]'), 400, 'Validation error', { query: ['Expected a JSON object.'] });
    const broken = await list('{');
    expect(broken.status).toBe(400);
    const body = (await broken.json()) as { validation_errors: { query: string[] } };
    expect(body.validation_errors.query[0]).toMatch(/^Invalid JSON: /);
    expect((await list('{}')).status).toBe(200);
  });
});

describe('page and page_size', () => {
  it('reads them as Python int() does', () => {
    expect(readPageRequest(undefined, undefined)).toEqual({ page: 'first', pageSize: null });
    expect(readPageRequest('', ' 25 ')).toEqual({ page: 'first', pageSize: 25n });
    expect(readPageRequest('last', 'x')).toEqual({ page: 'last', pageSize: null });
    expect(readPageRequest('1_0', '-3')).toEqual({ page: 10n, pageSize: -3n });
    expect(readPageRequest('two', undefined)).toEqual({ page: 'invalid', pageSize: null });
  });
});
