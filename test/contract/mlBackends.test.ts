import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listBackends, listKnownBackends } from '../../renderer/src/api/mlBackends.js';
import { mlBackendListSchema } from '../../shared/api/mlBackends.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { startStubModelServer, type StubModelServer } from '../helpers/stubModelServer.js';
import { call, createProject, TEXT_CONFIG } from '../helpers/taskApi.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

const T0 = '2026-01-15T10:00:00.000000Z';
const KEYS = [
  'id',
  'state',
  'readable_state',
  'is_interactive',
  'url',
  'error_message',
  'title',
  'auth_method',
  'basic_auth_user',
  'basic_auth_pass_is_set',
  'description',
  'extra_params',
  'model_version',
  'timeout',
  'created_at',
  'updated_at',
  'auto_update',
  'project',
];

let servers: StubModelServer[] = [];
async function stub(overrides: Parameters<typeof startStubModelServer>[0] = {}) {
  const server = await startStubModelServer(overrides);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function projectWithBackend(t: TestApp, fields: Record<string, unknown> = {}) {
  const project = await createProject(t);
  const server = await stub();
  const created = await call(t, 'POST', '/api/ml/', { url: server.url, project, ...fields });
  expect(created.status).toBe(201);
  return { project, server, backend: created.body as Record<string, unknown> };
}

describe('POST /api/ml', () => {
  it('saves a backend once its server answers /health and /setup, in Label Studio shape', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const server = await stub({ modelVersion: 'sentiment-3' });
    const { status, body } = await call(t, 'POST', '/api/ml/', { url: server.url, project });
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual(KEYS);
    expect(body).toEqual({
      id: body.id,
      state: 'CO',
      readable_state: 'Connected',
      is_interactive: false,
      url: server.url,
      error_message: null,
      title: 'default',
      auth_method: 'NONE',
      basic_auth_user: '',
      basic_auth_pass_is_set: false,
      description: '',
      extra_params: null,
      model_version: 'sentiment-3',
      timeout: 100,
      created_at: T0,
      updated_at: T0,
      auto_update: true,
      project,
    });
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /health', 'POST /setup']);
    const createdAt = (await call(t, 'GET', `/api/projects/${project}/`)).body.created_at as string;
    expect(server.callsTo('/setup')[0]!.body).toEqual({
      project: `${project}.${Math.floor(Date.parse(createdAt) / 1000)}`,
      schema: TEXT_CONFIG,
      hostname: 'http://localhost',
      access_token: TEST_TOKEN,
      extra_params: null,
    });
    // A project that shows predictions and had no model version takes the backend's title.
    expect((await call(t, 'GET', `/api/projects/${project}/`)).body.model_version).toBe('default');
  });

  it('keeps every field it is given, and the password only in the secret vault', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const server = await stub({ basicAuth: { user: 'ann', password: 's3cret-pass' } });
    const { status, body } = await call(t, 'POST', '/api/ml/', {
      url: server.url,
      project,
      title: 'Sentiment',
      description: 'BERT',
      is_interactive: true,
      auth_method: 'BASIC_AUTH',
      basic_auth_user: 'ann',
      basic_auth_pass: 's3cret-pass',
      extra_params: { threshold: 0.5 },
      timeout: 7.5,
      auto_update: false,
      model_version: 'pinned',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'Sentiment',
      description: 'BERT',
      is_interactive: true,
      auth_method: 'BASIC_AUTH',
      basic_auth_user: 'ann',
      basic_auth_pass_is_set: true,
      extra_params: { threshold: 0.5 },
      timeout: 7.5,
      auto_update: false,
      model_version: 'pinned',
    });
    expect(body).not.toHaveProperty('basic_auth_pass');
    const basic = `Basic ${Buffer.from('ann:s3cret-pass').toString('base64')}`;
    expect(server.calls.every((c) => c.authorization === basic)).toBe(true);
    expect((server.callsTo('/setup')[0]!.body as Record<string, unknown>).extra_params).toEqual({ threshold: 0.5 });
    // Nothing in the database holds the password; the vault file does.
    const dump = t.db.prepare('SELECT * FROM ml_backends').all();
    expect(JSON.stringify(dump)).not.toContain('s3cret-pass');
    expect(readFileSync(join(t.deps.dataDir, 'secrets.json'), 'utf8')).toContain('s3cret-pass');
    // And the password keeps working: a later state check still authenticates.
    expect((await call(t, 'GET', `/api/ml/${body.id}`)).body.state).toBe('CO');
  });

  it('refuses what Label Studio refuses, with its field errors and texts', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const server = await stub();
    const refuse = (body: unknown) =>
      t.withToken('/api/ml/', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
    await expectEnvelope(await refuse({}), 400, 'Validation error', {
      url: ['This field is required.'],
      project: ['This field is required.'],
    });
    await expectEnvelope(await refuse({ url: '', project: 999 }), 400, 'Validation error', {
      url: ['This field may not be blank.'],
      project: ['Invalid pk "999" - object does not exist.'],
    });
    await expectEnvelope(
      await refuse({
        url: server.url,
        project,
        state: 'XX',
        auth_method: 'FOO',
        timeout: 'abc',
        is_interactive: 'maybe',
      }),
      400,
      'Validation error',
      {
        state: ['"XX" is not a valid choice.'],
        is_interactive: ['Must be a valid boolean.'],
        auth_method: ['"FOO" is not a valid choice.'],
        timeout: ['A valid number is required.'],
      },
    );
    await expectEnvelope(await refuse([1]), 400, 'Validation error', {
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
    for (const url of ['ftp://127.0.0.1/model', 'not a url']) {
      await expectEnvelope(
        await refuse({ url, project }),
        403,
        'The provided URL was not valid. URLs must begin with http:// or https://, and cannot be local IPs.',
      );
    }
    await expectEnvelope(
      await refuse({ url: server.url, project, auth_method: 'BASIC_AUTH' }),
      400,
      'Validation error',
      {
        non_field_errors: ['Authentication username and password is required for Basic Authentication.'],
      },
    );
    expect(server.calls).toEqual([]);
    expect(t.db.prepare('SELECT count(*) AS n FROM ml_backends').get()).toEqual({ n: 0 });
  });

  it('refuses a server that does not answer, or is not a model server, saying why', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const down = await stub();
    await down.close();
    const unreachable = await call(t, 'POST', '/api/ml/', { url: down.url, project });
    expect(unreachable.status).toBe(400);
    const [message] = unreachable.body.validation_errors.non_field_errors as string[];
    expect(message).toMatch(
      new RegExp(
        `^Can't connect to ML backend ${down.url}, health check failed\\. Make sure it is up and your firewall`,
      ),
    );
    expect(message).toContain(`Additional info: Connection refused by ${down.url}/health`);

    const locked = await stub({ basicAuth: { user: 'a', password: 'b' } });
    const unauthorized = await call(t, 'POST', '/api/ml/', { url: locked.url, project });
    expect(unauthorized.body.validation_errors).toEqual({
      non_field_errors: [
        'Able to connect to ML Server, but authentication parameters were either not provided or are incorrect.',
      ],
    });

    const broken = await stub({ setup: 'http500' });
    const notModel = await call(t, 'POST', '/api/ml/', { url: broken.url, project });
    expect(notModel.body.validation_errors.non_field_errors[0]).toBe(
      `Successfully connected to ${broken.url} but it doesn't look like a valid ML backend. Reason: 500 Server ` +
        `Error: Internal Server Error for url: ${broken.url}/setup (the server said: setup exploded).\nCheck the ` +
        'ML backend server console logs to check the status.There might be something wrong with your model or it ' +
        'might be incompatible with the current labeling configuration.',
    );
    const junk = await stub({ setup: 'not-json' });
    const notJson = await call(t, 'POST', '/api/ml/', { url: junk.url, project });
    expect(notJson.body.validation_errors.non_field_errors[0]).toContain(
      `Reason: The answer from ${junk.url}/setup is not JSON: Expecting value: line 1 column 19 (char 18).`,
    );
    expect(t.db.prepare('SELECT count(*) AS n FROM ml_backends').get()).toEqual({ n: 0 });
  });
});

describe('GET /api/ml and /api/ml/{id}', () => {
  it("lists a project's backends with live states, filtered by is_interactive", async () => {
    const t = await createTestApp();
    const { project, server, backend } = await projectWithBackend(t);
    const second = await call(t, 'POST', '/api/ml/', { url: server.url, project, is_interactive: true, title: 'i' });
    const ids = async (query: string) =>
      ((await call(t, 'GET', `/api/ml/?project=${project}${query}`)).body as { id: number }[]).map((b) => b.id);
    expect(await ids('')).toEqual([backend.id, second.body.id]);
    for (const truthy of ['true', 'True', '1'])
      expect(await ids(`&is_interactive=${truthy}`)).toEqual([second.body.id]);
    for (const falsy of ['false', 'False', '0']) expect(await ids(`&is_interactive=${falsy}`)).toEqual([backend.id]);
    expect(await ids('&is_interactive=maybe')).toEqual([backend.id, second.body.id]);
    // Strictly the shared wire shape, which the renderer reads it with.
    const listed = mlBackendListSchema.parse((await call(t, 'GET', `/api/ml/?project=${project}`)).body);
    expect(listed.map((b) => b.title)).toEqual([backend.title, 'i']);
    expect(await listBackends(rendererClient(t), project)).toEqual(listed);
    expect((await listKnownBackends(rendererClient(t), project)).map((b) => b.id)).toEqual([
      backend.id,
      second.body.id,
    ]);

    await expectEnvelope(await t.withToken('/api/ml/'), 404, 'No Project matches the given query.');
    await expectEnvelope(await t.withToken('/api/ml/?project=999'), 404, 'No Project matches the given query.');
    await expectEnvelope(await t.withToken('/api/ml/?project=abc'), 404, 'Not found.');
  });

  it('shows a server that stopped as Disconnected, with the reason, and Connected again when it is back', async () => {
    const t = await createTestApp();
    const { server, backend } = await projectWithBackend(t);
    server.behaviour.health = 'http500';
    const down = await call(t, 'GET', `/api/ml/${backend.id}`);
    expect(down.body).toMatchObject({ state: 'DI', readable_state: 'Disconnected' });
    expect(down.body.error_message).toMatch(/^The model server does not answer its health check: 500 Server Error/);
    server.behaviour.health = 'ok';
    server.behaviour.setup = 'http500';
    const broken = await call(t, 'GET', `/api/ml/${backend.id}`);
    expect(broken.body).toMatchObject({ state: 'ER', readable_state: 'Error' });
    expect(broken.body.error_message).toContain('500 Server Error: Internal Server Error');
    server.behaviour.setup = 'ok';
    server.behaviour.modelVersion = 'stub-v2';
    const back = await call(t, 'GET', `/api/ml/${backend.id}`);
    expect(back.body).toMatchObject({ state: 'CO', error_message: null, model_version: 'stub-v2' });
    await expectEnvelope(await t.withToken('/api/ml/999'), 404, 'No MLBackend matches the given query.');
  });

  it('answers within the health limit when the server hangs', async () => {
    process.env.ML_TIMEOUT_HEALTH = '0.3';
    try {
      const t = await createTestApp();
      const { server, backend } = await projectWithBackend(t);
      server.behaviour.health = 'hang';
      const hung = await call(t, 'GET', `/api/ml/${backend.id}`);
      expect(hung.status).toBe(200);
      expect(hung.body.state).toBe('DI');
      expect(hung.body.error_message).toContain('within 0.3 s (timed out)');
    } finally {
      delete process.env.ML_TIMEOUT_HEALTH;
    }
  });
});

describe('PATCH, PUT and DELETE /api/ml/{id}', () => {
  it('renames without asking the server first, and the project follows the title', async () => {
    const t = await createTestApp();
    const { project, server, backend } = await projectWithBackend(t);
    server.calls.length = 0;
    t.advanceSeconds(5);
    const renamed = await call(t, 'PATCH', `/api/ml/${backend.id}`, { title: 'Sentiment v2', description: 'x' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      title: 'Sentiment v2',
      description: 'x',
      updated_at: '2026-01-15T10:00:05.000000Z',
    });
    // Only the state refresh of any read: no validation round first.
    expect(server.calls.map((c) => c.path)).toEqual(['/health', '/setup']);
    expect((await call(t, 'GET', `/api/projects/${project}/`)).body.model_version).toBe('Sentiment v2');
  });

  it('checks a new address first and keeps the old one when it fails', async () => {
    const t = await createTestApp();
    const { backend } = await projectWithBackend(t);
    const gone = await stub();
    await gone.close();
    const refused = await call(t, 'PATCH', `/api/ml/${backend.id}`, { url: gone.url });
    expect(refused.status).toBe(400);
    expect(refused.body.validation_errors.non_field_errors[0]).toMatch(/^Can't connect to ML backend/);
    expect((await call(t, 'GET', `/api/ml/${backend.id}`)).body.url).toBe(backend.url);
    const moved = await stub({ modelVersion: 'moved-1' });
    const changed = await call(t, 'PUT', `/api/ml/${backend.id}`, { url: moved.url, project: backend.project });
    expect(changed.body).toMatchObject({ url: moved.url, model_version: 'moved-1', state: 'CO' });
    const other = await createProject(t, { title: 'Other project' });
    const move = await call(t, 'PATCH', `/api/ml/${backend.id}`, { project: other });
    expect(move.status).toBe(400);
  });

  it('keeps the stored password when a blank one is sent, and needs one to start with', async () => {
    const t = await createTestApp();
    const { project, server } = await projectWithBackend(t);
    const noPassword = await call(t, 'POST', '/api/ml/', { url: server.url, project });
    const required = await call(t, 'PATCH', `/api/ml/${noPassword.body.id}`, { basic_auth_pass: '' });
    expect(required.body.validation_errors).toEqual({
      basic_auth_pass: ['Authentication password is required for Basic Authentication.'],
    });
    server.behaviour.basicAuth = { user: 'u', password: 'p1' };
    const withAuth = await call(t, 'PATCH', `/api/ml/${noPassword.body.id}`, {
      auth_method: 'BASIC_AUTH',
      basic_auth_user: 'u',
      basic_auth_pass: 'p1',
    });
    expect(withAuth.body).toMatchObject({ state: 'CO', basic_auth_pass_is_set: true });
    const kept = await call(t, 'PATCH', `/api/ml/${noPassword.body.id}`, { basic_auth_pass: '' });
    expect(kept.body).toMatchObject({ state: 'CO', basic_auth_pass_is_set: true });
  });

  it('deletes (204), resets the project model version it named, and forgets the password', async () => {
    const t = await createTestApp();
    const { project, server } = await projectWithBackend(t, {});
    server.behaviour.basicAuth = { user: 'u', password: 'gone-soon' };
    const second = await call(t, 'POST', '/api/ml/', {
      url: server.url,
      project,
      title: 'default',
      auth_method: 'BASIC_AUTH',
      basic_auth_user: 'u',
      basic_auth_pass: 'gone-soon',
    });
    const removed = await t.withToken(`/api/ml/${second.body.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await call(t, 'GET', `/api/projects/${project}/`)).body.model_version).toBe('');
    expect(readFileSync(join(t.deps.dataDir, 'secrets.json'), 'utf8')).not.toContain('gone-soon');
    await expectEnvelope(
      await t.withToken(`/api/ml/${second.body.id}`, { method: 'DELETE' }),
      404,
      'No MLBackend matches the given query.',
    );
  });

  it("forgets the passwords of a deleted project's backends", async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const server = await stub({ basicAuth: { user: 'u', password: 'project-secret' } });
    const created = await call(t, 'POST', '/api/ml/', {
      url: server.url,
      project,
      auth_method: 'BASIC_AUTH',
      basic_auth_user: 'u',
      basic_auth_pass: 'project-secret',
    });
    expect(created.status).toBe(201);
    expect(readFileSync(join(t.deps.dataDir, 'secrets.json'), 'utf8')).toContain('project-secret');
    expect((await t.withToken(`/api/projects/${project}/`, { method: 'DELETE' })).status).toBe(204);
    expect(readFileSync(join(t.deps.dataDir, 'secrets.json'), 'utf8')).not.toContain('project-secret');
    expect(t.db.prepare('SELECT count(*) AS n FROM ml_backends').get()).toEqual({ n: 0 });
  });
});
