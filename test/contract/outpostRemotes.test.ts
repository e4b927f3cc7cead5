import { createServer as createHttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenVault } from '../../electron/core/sync/tokenVault.js';
import {
  remoteListSchema,
  remoteProjectListSchema,
  remoteSchema,
  syncRunListSchema,
  syncRunSchema,
} from '../../shared/api/remotes.js';
import { listRemotes, listRuns } from '../../renderer/src/api/remotes.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import {
  closedPortUrl,
  REMOTE_KEYS,
  RUN_KEYS,
  stalledServer,
  startRemotesApiSession,
  type RemotesApiSession,
} from '../helpers/remotesApi.js';
import type { SpawnedCli } from '../helpers/spawnCli.js';
import type { TestApp } from '../helpers/testApp.js';

/* /api/outpost/remotes/ against a second Outpost as the remote (see test/helpers/remotesApi.ts). */

describe('/api/outpost/remotes/', () => {
  let session: RemotesApiSession;
  let remote: SpawnedCli;
  let remoteProjectId: number;
  let remoteEmail: string;
  let t: TestApp;
  let vault: TokenVault;
  let warnings: string[];
  const call = (path: string, init?: RequestInit & { json?: unknown }) => session.call(path, init);
  const post = (path: string, json?: unknown) => session.post(path, json);
  const patch = (path: string, json: unknown) => session.patch(path, json);
  const waitForRun = (remoteId: number, runId: number) => session.waitForRun(remoteId, runId);

  beforeAll(async () => {
    session = await startRemotesApiSession();
    ({ remote, remoteProjectId, remoteEmail, t, vault, warnings } = session);
  });

  // Checked last: nothing any test received carried a token of the remote.
  afterAll(() => session?.close());

  it('needs the local token like every /api call', async () => {
    await expectEnvelope(
      await t.request('/api/outpost/remotes/'),
      401,
      'Authentication credentials were not provided.',
    );
    const list = await call('/api/outpost/remotes/');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
  });

  it('refuses a URL that is not http(s), and a missing token, before any traffic', async () => {
    const urlError = { url: ['Enter a valid URL starting with http:// or https://.'] };
    for (const url of ['ftp://example.org', 'not a url', 'javascript:alert(1)']) {
      await expectEnvelope(await post('/api/outpost/remotes/', { url, token: 'x' }), 400, 'Validation error', urlError);
    }
    await expectEnvelope(await post('/api/outpost/remotes/', { url: remote.url }), 400, 'Validation error', {
      token: ['This field is required.'],
    });
    await expectEnvelope(
      await post('/api/outpost/remotes/', { url: `http://u:p@127.0.0.1:1`, token: 'x' }),
      400,
      'Validation error',
      { url: ['The URL must not contain a user name or password; give the token instead.'] },
    );
  });

  it('says when the remote cannot be reached', async () => {
    const url = await closedPortUrl();
    const response = await post('/api/outpost/remotes/', { url, token: remote.token });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { detail: string; status_code: number };
    expect(body.status_code).toBe(400);
    expect(body.detail).toMatch(new RegExp(`^${url} could not be reached: `));
  });

  it('says when the server is not a Label Studio', async () => {
    // Any web server that is not Label Studio, e.g. a plain site.
    const site = createHttpServer((_request, response) =>
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      await expectEnvelope(
        await post('/api/outpost/remotes/', { url, token: remote.token }),
        400,
        `${url} does not look like a Label Studio server: GET /api/version answered 404.`,
      );
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('says which token the remote refused: a legacy token or a personal access token', async () => {
    await expectEnvelope(
      await post('/api/outpost/remotes/', { url: remote.url, token: 'f'.repeat(40) }),
      400,
      `${remote.url} refused the legacy token: 401 Invalid token.`,
    );
    // A well-formed PAT signed by another server (this one).
    await expectEnvelope(
      await post('/api/outpost/remotes/', { url: remote.url, token: t.pat }),
      400,
      `${remote.url} refused the personal access token: 401 Token is invalid`,
    );
    expect(await (await call('/api/outpost/remotes/')).json()).toEqual([]);
  });

  it('adds a remote after connecting, keeps its token in the vault, and never returns it', async () => {
    const response = await post('/api/outpost/remotes/', { url: `${remote.url}/`, token: remote.token });
    expect(response.status).toBe(201);
    const body = remoteSchema.parse(await response.json());
    expect(Object.keys(body).sort()).toEqual(REMOTE_KEYS);
    expect(body).toMatchObject({
      url: remote.url,
      name: new URL(remote.url).host,
      token_kind: 'legacy',
      remote_version: '1.22.0',
      remote_user_email: remoteEmail,
      sync_interval_minutes: 0,
      last_run: null,
    });
    expect(vault.get(body.id)).toBe(remote.token);
    expect(warnings).toHaveLength(1);
    const row = t.db.prepare('SELECT * FROM remotes WHERE id = ?').get(body.id) as Record<string, unknown>;
    expect(Object.values(row)).not.toContain(remote.token);

    // The same server spelled another way is the same remote.
    const again = await post('/api/outpost/remotes/', {
      url: remote.url.toUpperCase().replace('HTTP:', 'http:'),
      token: remote.token,
    });
    await expectEnvelope(again, 409, `${remote.url} is already a remote.`);
  });

  it('adds a remote by personal access token, detected as such, and names it as asked', async () => {
    const url = remote.url.replace('127.0.0.1', 'localhost');
    const response = await post('/api/outpost/remotes/', { url, token: remote.pat, name: 'Team server' });
    expect(response.status).toBe(201);
    const body = remoteSchema.parse(await response.json());
    expect(body).toMatchObject({ url, name: 'Team server', token_kind: 'pat', remote_user_email: remoteEmail });
    expect(vault.get(body.id)).toBe(remote.pat);
    const list = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
    expect(list.map((item) => item.url)).toEqual([remote.url, url]);
  });

  it('gets, changes and re-tests a remote; a new token or URL is tried before it is kept', async () => {
    const [first] = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
    const id = first!.id;
    const got = await call(`/api/outpost/remotes/${id}/`);
    expect(remoteSchema.parse(await got.json()).url).toBe(remote.url);

    const renamed = await patch(`/api/outpost/remotes/${id}/`, { name: 'Birds', sync_interval_minutes: 15 });
    expect(renamed.status).toBe(200);
    expect(remoteSchema.parse(await renamed.json())).toMatchObject({ id, name: 'Birds', sync_interval_minutes: 15 });

    await expectEnvelope(
      await patch(`/api/outpost/remotes/${id}/`, { token: 'e'.repeat(40) }),
      400,
      `${remote.url} refused the legacy token: 401 Invalid token.`,
    );
    expect(vault.get(id)).toBe(remote.token);
    const unreachable = await closedPortUrl();
    const moved = await patch(`/api/outpost/remotes/${id}/`, { url: unreachable });
    expect(moved.status).toBe(400);
    expect(remoteSchema.parse(await call(`/api/outpost/remotes/${id}/`).then((r) => r.json())).url).toBe(remote.url);
    await expectEnvelope(
      await patch(`/api/outpost/remotes/${id}/`, { url: remote.url.replace('127.0.0.1', 'localhost') }),
      409,
      `${remote.url.replace('127.0.0.1', 'localhost')} is already a remote.`,
    );
    await expectEnvelope(
      await patch(`/api/outpost/remotes/${id}/`, { sync_interval_minutes: -1 }),
      400,
      'Validation error',
      {
        sync_interval_minutes: ['Ensure this value is greater than or equal to 0.'],
      },
    );

    // Switching to the PAT of the same account: tried, stored, and the kind follows.
    const switched = await patch(`/api/outpost/remotes/${id}/`, { token: remote.pat });
    expect(switched.status).toBe(200);
    expect(remoteSchema.parse(await switched.json())).toMatchObject({ token_kind: 'pat', name: 'Birds' });
    expect(vault.get(id)).toBe(remote.pat);

    t.db.prepare('UPDATE remotes SET remote_version = NULL, remote_user_email = NULL WHERE id = ?').run(id);
    const tested = await post(`/api/outpost/remotes/${id}/test`);
    expect(tested.status).toBe(200);
    expect(remoteSchema.parse(await tested.json())).toMatchObject({
      id,
      remote_version: '1.22.0',
      remote_user_email: remoteEmail,
    });
  });

  it("lists the remote's projects with the local mirror of each", async () => {
    const [first] = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
    const response = await call(`/api/outpost/remotes/${first!.id}/projects`);
    expect(response.status).toBe(200);
    expect(remoteProjectListSchema.parse(await response.json())).toEqual([
      { id: remoteProjectId, title: 'Remote birds', task_number: 0, mirror: null, scope: null },
    ]);

    const local = await post('/api/projects/', { title: 'Mirror' });
    const localId = ((await local.json()) as { id: number }).id;
    t.db
      .prepare(
        "INSERT INTO remote_projects (project, remote, remote_project_id, last_pull_at) VALUES (?, ?, ?, '2026-01-15T10:00:00.000000Z')",
      )
      .run(localId, first!.id, remoteProjectId);
    const mirrored = await (await call(`/api/outpost/remotes/${first!.id}/projects`)).json();
    expect(remoteProjectListSchema.parse(mirrored)).toEqual([
      {
        id: remoteProjectId,
        title: 'Remote birds',
        task_number: 0,
        mirror: { project: localId, last_pull_at: '2026-01-15T10:00:00.000000Z', tasks: 0 },
        scope: null,
      },
    ]);
    t.db.prepare('DELETE FROM remote_projects WHERE project = ?').run(localId);
  });

  it('runs a sync in the background and keeps its history, newest first', async () => {
    const [first] = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
    const id = first!.id;
    const started = await post(`/api/outpost/remotes/${id}/sync`, {});
    expect(started.status).toBe(201);
    const run = syncRunSchema.parse(await started.json());
    expect(Object.keys(run).sort()).toEqual(RUN_KEYS);
    expect(run).toMatchObject({ remote: id, status: 'running' });
    const done = await waitForRun(id, run.id);
    expect(done).toMatchObject({
      status: 'completed',
      phase: 'done',
      errors: [],
      stats: {
        pulled: { projects: 0, tasks: 0, annotations: 0, predictions: 0, media: 0 },
        pushed: { annotations: 0, updates: 0, deletions: 0, tasks: 0 },
        conflicts: 0,
      },
    });
    expect(done.finished_at).not.toBeNull();

    // A project that cannot be pulled (no such project there) is listed, and the run is failed.
    const second = syncRunSchema.parse(
      await (await post(`/api/outpost/remotes/${id}/sync`, { projects: [987654] })).json(),
    );
    const failed = await waitForRun(id, second.id);
    expect(failed.status).toBe('failed');
    expect(failed.errors).toEqual([{ phase: 'pull', item: 'project 987654', message: expect.any(String) }]);

    const runs = syncRunListSchema.parse(await (await call(`/api/outpost/remotes/${id}/runs`)).json());
    expect(runs.map((item) => item.id)).toEqual([second.id, run.id]);
    // The renderer reads the same answers through its checked client.
    expect(await listRuns(rendererClient(t), id)).toEqual(runs);
    expect((await listRemotes(rendererClient(t)))[0]!.last_run).toEqual(runs[0]);
    expect(remoteSchema.parse(await (await call(`/api/outpost/remotes/${id}/`)).json()).last_run?.id).toBe(second.id);

    await expectEnvelope(await post(`/api/outpost/remotes/${id}/sync`, { projects: 'all' }), 400, 'Validation error', {
      projects: ['Expected a list of items.'],
    });
  });

  it('refuses a second run while one is going, and cancels it', async () => {
    const stalled = await stalledServer();
    try {
      const [first] = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
      const id = first!.id;
      // The remote stops answering (its URL now leads to a port that accepts and stays silent).
      t.db.prepare('UPDATE remotes SET url = ? WHERE id = ?').run(stalled.url, id);
      const run = syncRunSchema.parse(await (await post(`/api/outpost/remotes/${id}/sync`)).json());
      expect(run.status).toBe('running');
      await expectEnvelope(
        await post(`/api/outpost/remotes/${id}/sync`),
        409,
        `A sync of this remote is running (run ${run.id}).`,
      );
      await expectEnvelope(
        await call(`/api/outpost/remotes/${id}/`, { method: 'DELETE' }),
        409,
        `A sync of this remote is running (run ${run.id}).`,
      );
      // A run going on in this process also says how far its phase is.
      const [live] = syncRunListSchema.parse(await (await call(`/api/outpost/remotes/${id}/runs`)).json());
      expect(live).toMatchObject({ id: run.id, status: 'running', progress: { done: 0 } });
      expect(remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json())[0]!.last_run).toMatchObject({
        id: run.id,
        progress: { done: 0 },
      });

      const cancelled = await post(`/api/outpost/remotes/${id}/runs/${run.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(syncRunSchema.parse(await cancelled.json())).toMatchObject({
        id: run.id,
        status: 'cancelled',
        phase: 'connect',
        errors: [],
      });
      // Cancelling a finished run changes nothing.
      expect(await (await post(`/api/outpost/remotes/${id}/runs/${run.id}/cancel`)).json()).toMatchObject({
        status: 'cancelled',
      });
      t.db.prepare('UPDATE remotes SET url = ? WHERE id = ?').run(remote.url, id);
    } finally {
      await stalled.close();
    }
  });

  it('answers 404 for unknown remotes and runs, and 405 for other methods', async () => {
    const [first] = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
    const missing = 'No Remote matches the given query.';
    await expectEnvelope(await call('/api/outpost/remotes/9999/'), 404, missing);
    await expectEnvelope(await patch('/api/outpost/remotes/9999/', { name: 'x' }), 404, missing);
    await expectEnvelope(await call('/api/outpost/remotes/9999/', { method: 'DELETE' }), 404, missing);
    await expectEnvelope(await post('/api/outpost/remotes/9999/test'), 404, missing);
    await expectEnvelope(await call('/api/outpost/remotes/9999/projects'), 404, missing);
    await expectEnvelope(await post('/api/outpost/remotes/9999/sync'), 404, missing);
    await expectEnvelope(await call('/api/outpost/remotes/9999/runs'), 404, missing);
    await expectEnvelope(
      await post(`/api/outpost/remotes/${first!.id}/runs/9999/cancel`),
      404,
      'No SyncRun matches the given query.',
    );
    await expectEnvelope(
      await call(`/api/outpost/remotes/${first!.id}/`, { method: 'PUT' }),
      405,
      'Method "PUT" not allowed.',
    );
    await expectEnvelope(
      await call('/api/outpost/remotes/', { method: 'DELETE' }),
      405,
      'Method "DELETE" not allowed.',
    );
    await expectEnvelope(await call(`/api/outpost/remotes/${first!.id}/sync`), 405, 'Method "GET" not allowed.');
  });

  it('removes a remote with its token; the local projects stay', async () => {
    const list = remoteListSchema.parse(await (await call('/api/outpost/remotes/')).json());
    const projectsBefore = t.db.prepare('SELECT count(*) FROM projects').pluck().get();
    for (const item of list) {
      const deleted = await call(`/api/outpost/remotes/${item.id}/`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(vault.get(item.id)).toBeNull();
      await expectEnvelope(await call(`/api/outpost/remotes/${item.id}/`), 404, 'No Remote matches the given query.');
    }
    expect(t.db.prepare('SELECT count(*) FROM sync_runs').pluck().get()).toBe(0);
    expect(t.db.prepare('SELECT count(*) FROM projects').pluck().get()).toBe(projectsBefore);
  });
});
