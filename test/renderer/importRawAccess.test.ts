import { describe, expect, it } from 'vitest';
import { createLoginToken } from '../../electron/core/domain/auth/browserSessions.js';
import { createApiClient } from '../../renderer/src/api/client.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

/**
 * The client's raw access is what the XHR uploads and the streamed export use: the same URL and
 * auth as its own requests. These send a real multipart import with it, as the page does.
 */
describe('raw request access of the API client', () => {
  it('gives the token on every method in Electron mode, without cookies', () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/', auth: { kind: 'token', token: 'abc' } });
    expect(client.raw.url('/api/projects/3/import', { commit_to_project: 'false', empty: '' })).toBe(
      'http://127.0.0.1:9/api/projects/3/import?commit_to_project=false',
    );
    expect(client.raw.authHeaders('GET')).toEqual({ Authorization: 'Token abc' });
    expect(client.raw.authHeaders('POST')).toEqual({ Authorization: 'Token abc' });
    expect(client.raw.withCredentials).toBe(false);
  });

  it('gives X-CSRFToken on writes only in browser mode, with the cookie', () => {
    const client = createApiClient({ baseUrl: '', auth: { kind: 'session', readCsrfToken: () => 'c5rf' } });
    expect(client.raw.url('/api/x')).toBe('/api/x');
    expect(client.raw.authHeaders('GET')).toEqual({});
    expect(client.raw.authHeaders('POST')).toEqual({ 'X-CSRFToken': 'c5rf' });
    expect(client.raw.authHeaders('DELETE')).toEqual({ 'X-CSRFToken': 'c5rf' });
    expect(client.raw.withCredentials).toBe(true);
  });

  it('authenticates a multipart upload with the session cookie and CSRF header, as the page sends it', async () => {
    const t = await createTestApp();
    const created = await t.postJson(
      '/api/projects/',
      { label_config: '<View><Text name="t" value="$text"/></View>' },
      { Authorization: `Token ${TEST_TOKEN}` },
    );
    const project = (await created.json()) as { id: number };
    const login = await t.request(`/login?token=${createLoginToken(t.ctx, t.userId)}`);
    const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const csrf = cookies.find((cookie) => cookie.startsWith('outpost_csrf='))!.split('=')[1]!;
    const client = createApiClient({
      baseUrl: 'http://localhost',
      auth: { kind: 'session', readCsrfToken: () => csrf },
    });

    const form = new FormData();
    form.append('file', new Blob(['text\nfirst\nsecond\n'], { type: 'text/csv' }), 'rows.csv');
    const send = (headers: Record<string, string>) =>
      t.app.request(client.raw.url(`/api/projects/${project.id}/import`, { commit_to_project: 'false' }), {
        method: 'POST',
        body: form,
        headers: { ...headers, Cookie: cookies.join('; ') },
      });

    expect((await send({})).status).toBe(403);
    const response = await send(client.raw.authHeaders('POST'));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { task_count: number; annotation_count: null; file_upload_ids: number[] };
    expect(body).toMatchObject({ task_count: 2, annotation_count: null });
    expect(body.file_upload_ids).toHaveLength(1);
  });
});
