import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchAppInfo } from '../../renderer/src/api/appInfo.js';
import { appInfoSchema } from '../../shared/api/app.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

describe('GET /api/outpost/app', () => {
  it("tells the app's version, mode and absolute data folder", async () => {
    const t = await createTestApp();
    const response = await t.withToken('/api/outpost/app');
    expect(response.status).toBe(200);
    const body = appInfoSchema.parse(await response.json());
    expect(body).toEqual({
      name: 'Outpost',
      version: '0.0.0-test',
      mode: 'serve',
      data_dir: t.deps.dataDir,
      database_path: expect.stringMatching(/outpost\.db$/),
    });
    expect(isAbsolute(body.data_dir)).toBe(true);
    expect(body.database_path.startsWith(t.deps.dataDir)).toBe(true);
    // The renderer reads the same answer through its checked client.
    expect(await fetchAppInfo(rendererClient(t))).toEqual(body);
    // Without the trailing slash too, as every route.
    expect((await t.withToken('/api/outpost/app/')).status).toBe(200);
  });

  it('needs a token, as every /api call, since it reveals local paths', async () => {
    const t = await createTestApp();
    await expectEnvelope(await t.request('/api/outpost/app'), 401, 'Authentication credentials were not provided.');
    await expectEnvelope(
      await t.request('/api/outpost/app', {
        headers: { Authorization: 'Token 0000000000000000000000000000000000000000' },
      }),
      401,
      'Invalid token.',
    );
  });

  it('accepts a PAT access token as Bearer', async () => {
    const t = await createTestApp();
    const { access } = (await (await t.postJson('/api/token/refresh/', { refresh: t.pat })).json()) as {
      access: string;
    };
    expect((await t.request('/api/outpost/app', { headers: { Authorization: `Bearer ${access}` } })).status).toBe(200);
  });

  it('is read-only: other methods get 405', async () => {
    const t = await createTestApp();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await expectEnvelope(await t.withToken('/api/outpost/app', { method }), 405, `Method "${method}" not allowed.`);
    }
  });

  it('refuses a request addressed to another host (DNS rebinding)', async () => {
    const t = await createTestApp({ allowedHosts: ['127.0.0.1:8080'] });
    const headers = { Authorization: `Token ${t.token}` };
    expect((await t.request('http://evil.example:8080/api/outpost/app', { headers })).status).toBe(400);
    expect((await t.request('http://127.0.0.1:8080/api/outpost/app', { headers })).status).toBe(200);
  });
});
