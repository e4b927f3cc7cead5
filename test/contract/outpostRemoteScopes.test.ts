import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteProjectListSchema } from '../../shared/api/remotes.js';
import { remoteViewListSchema, syncScopeBodySchema } from '../../shared/api/syncScope.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { closedPortUrl, stalledServer, startRemotesApiSession, type RemotesApiSession } from '../helpers/remotesApi.js';

/*
 * The scope routes of partial mirrors (docs/sync.md#partial-mirrors) against a second Outpost as
 * the remote: its tabs, the scope stored before any pull and changed after, what is refused, and
 * the project list's scope and mirror task count.
 */

describe('/api/outpost/remotes/{id}/projects/{remoteProjectId}/scope and /views', () => {
  let session: RemotesApiSession;
  let remoteId: number;
  let remoteProjectId: number;
  const put = (path: string, json: unknown) => session.call(path, { method: 'PUT', json });
  const scopePath = () => `/api/outpost/remotes/${remoteId}/projects/${remoteProjectId}/scope`;
  const remoteApi = (method: string, path: string, body: unknown) =>
    fetch(`${session.remote.url}${path}`, {
      method,
      headers: { Authorization: `Token ${session.remote.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    session = await startRemotesApiSession();
    remoteProjectId = session.remoteProjectId;
    const added = await session.post('/api/outpost/remotes/', { url: session.remote.url, token: session.remote.token });
    remoteId = ((await added.json()) as { id: number }).id;
  });

  afterAll(() => session?.close());

  it("lists the remote project's tabs with their number of filters", async () => {
    const created = await remoteApi('POST', '/api/dm/views/', {
      project: remoteProjectId,
      data: {
        title: 'Birds only',
        filters: {
          conjunction: 'and',
          items: [{ filter: 'filter:tasks:data.t', operator: 'contains', type: 'String', value: 'bird' }],
        },
      },
    });
    const view = ((await created.json()) as { id: number }).id;
    const response = await session.call(`/api/outpost/remotes/${remoteId}/projects/${remoteProjectId}/views`);
    expect(response.status).toBe(200);
    expect(remoteViewListSchema.parse(await response.json())).toContainEqual({
      id: view,
      title: 'Birds only',
      filters: 1,
    });
  });

  it('keeps a scope set before any pull, answers it back and lists it with the project', async () => {
    expect(syncScopeBodySchema.parse(await (await session.call(scopePath())).json())).toEqual({ scope: null });
    const set = await put(scopePath(), { scope: { kind: 'ids', ids: [250, 3, 1, 3] } });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ scope: { kind: 'ids', ids: [1, 3, 250] } });
    expect(await (await session.call(scopePath())).json()).toEqual({ scope: { kind: 'ids', ids: [1, 3, 250] } });

    for (const scope of [
      { kind: 'view', view: 4, title: 'Birds' },
      { kind: 'range', from: 100, to: 200 },
      { kind: 'unlabeled', count: 50 },
      null,
    ]) {
      expect(await (await put(scopePath(), { scope })).json()).toEqual({ scope });
    }
    await put(scopePath(), { scope: { kind: 'unlabeled', count: 7 } });
    const listed = remoteProjectListSchema.parse(
      await (await session.call(`/api/outpost/remotes/${remoteId}/projects`)).json(),
    );
    expect(listed.find((project) => project.id === remoteProjectId)).toEqual({
      id: remoteProjectId,
      title: 'Remote birds',
      task_number: 0,
      mirror: null,
      scope: { kind: 'unlabeled', count: 7 },
    });
  });

  it('takes a scope while a sync of the remote runs', async () => {
    // The remote stalls, so the run is still connecting while the scope is written.
    const stalled = await stalledServer();
    session.t.db.prepare('UPDATE remotes SET url = ? WHERE id = ?').run(stalled.url, remoteId);
    try {
      const run = (await (await session.post(`/api/outpost/remotes/${remoteId}/sync`, {})).json()) as { id: number };
      const set = await put(scopePath(), { scope: { kind: 'unlabeled', count: 7 } });
      expect(set.status).toBe(200);
      const runs = (await (await session.call(`/api/outpost/remotes/${remoteId}/runs`)).json()) as {
        id: number;
        status: string;
      }[];
      expect(runs.find((item) => item.id === run.id)?.status).toBe('running');
      await session.post(`/api/outpost/remotes/${remoteId}/runs/${run.id}/cancel`);
      await session.waitForRun(remoteId, run.id);
    } finally {
      session.t.db.prepare('UPDATE remotes SET url = ? WHERE id = ?').run(session.remote.url, remoteId);
      await stalled.close();
    }
  });

  it('refuses a bad scope with the field it is about, and changes nothing', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { scope: ['This field is required.'] }],
      [{ scope: { kind: 'everything' } }, { 'scope.kind': ['"kind" must be one of view, ids, range, unlabeled.'] }],
      [{ scope: 'all' }, { scope: ['Expected an object.'] }],
      [{ scope: { kind: 'range', from: 9, to: 3 } }, { 'scope.to': ['Must not be less than from.'] }],
      [
        { scope: { kind: 'range', from: 0, to: 3 } },
        { 'scope.from': ['Ensure this value is greater than or equal to 1.'] },
      ],
      [{ scope: { kind: 'ids', ids: [] } }, { 'scope.ids': ['This list may not be empty.'] }],
      [{ scope: { kind: 'ids', ids: [1, 'x'] } }, { 'scope.ids.1': ['A valid integer is required.'] }],
      [
        { scope: { kind: 'ids', ids: Array.from({ length: 100_001 }, (_, index) => index + 1) } },
        { 'scope.ids': ['Ensure this field has no more than 100000 elements.'] },
      ],
      [
        { scope: { kind: 'unlabeled', count: 100_001 } },
        { 'scope.count': ['Ensure this value is less than or equal to 100000.'] },
      ],
      [{ scope: { kind: 'view', view: 2 } }, { 'scope.title': ['Not a valid string.'] }],
    ];
    for (const [body, errors] of cases) {
      await expectEnvelope(await put(scopePath(), body), 400, 'Validation error', errors);
    }
    expect(await (await session.call(scopePath())).json()).toEqual({ scope: { kind: 'unlabeled', count: 7 } });
  });

  it('answers 404 for an unknown remote and 502 when the remote cannot give its tabs', async () => {
    const unknown = `/api/outpost/remotes/987654/projects/${remoteProjectId}`;
    await expectEnvelope(await session.call(`${unknown}/scope`), 404, 'No Remote matches the given query.');
    await expectEnvelope(await put(`${unknown}/scope`, { scope: null }), 404, 'No Remote matches the given query.');
    await expectEnvelope(await session.call(`${unknown}/views`), 404, 'No Remote matches the given query.');

    const url = await closedPortUrl();
    session.t.db.prepare('UPDATE remotes SET url = ? WHERE id = ?').run(url, remoteId);
    try {
      const response = await session.call(`/api/outpost/remotes/${remoteId}/projects/${remoteProjectId}/views`);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { detail: string }).detail).toContain(url);
    } finally {
      session.t.db.prepare('UPDATE remotes SET url = ? WHERE id = ?').run(session.remote.url, remoteId);
    }
  });
});
