import { describe, expect, it, inject } from 'vitest';

/* The rig itself: the server the suite compares with is the real Label Studio 1.22, set up as the issue asks. */
describe('the real Label Studio', () => {
  const ls = inject('labelStudio');
  const get = (path: string, authorization?: string) =>
    fetch(`${ls.url}${path}`, { headers: authorization ? { Authorization: authorization } : {} });

  it('is version 1.22.0 of the Community Edition, up on 127.0.0.1', async () => {
    expect(ls.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await get('/health')).json()).toEqual({ status: 'UP' });
    const version = (await (await get('/api/version')).json()) as Record<string, unknown>;
    expect(version.release).toBe('1.22.0');
    expect(version.edition).toBe('Community');
  });

  it('accepts the legacy token (switched on for the organization) and refuses a wrong one', async () => {
    const me = (await (await get('/api/current-user/whoami', `Token ${ls.user.token}`)).json()) as {
      id: number;
      email: string;
    };
    expect(me).toMatchObject({ id: ls.user.id, email: ls.user.email });
    const settings = await (await get('/api/jwt/settings', `Token ${ls.user.token}`)).json();
    expect(settings).toEqual({ api_tokens_enabled: true, legacy_api_tokens_enabled: true });
    expect((await get('/api/current-user/whoami', `Token ${'0'.repeat(40)}`)).status).toBe(401);
  });

  it('trades the personal access token for an access token that works as Bearer', async () => {
    const refreshed = await fetch(`${ls.url}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: ls.user.pat }),
    });
    const { access } = (await refreshed.json()) as { access: string };
    const me = (await (await get('/api/current-user/whoami', `Bearer ${access}`)).json()) as { id: number };
    expect(me.id).toBe(ls.user.id);
  });

  it('serves local files that a local-files storage covers, under its document root only', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const auth = { Authorization: `Token ${ls.user.token}`, 'Content-Type': 'application/json' };
    mkdirSync(`${ls.filesRoot}/rig`, { recursive: true });
    writeFileSync(`${ls.filesRoot}/rig/note.txt`, 'local file');
    expect((await get('/data/local-files/?d=rig/note.txt', `Token ${ls.user.token}`)).status).toBe(404);

    const project = (await (
      await fetch(`${ls.url}/api/projects/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'Rig files' }),
      })
    ).json()) as { id: number };
    const storage = await fetch(`${ls.url}/api/storages/localfiles/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ project: project.id, path: `${ls.filesRoot}/rig`, use_blob_urls: true }),
    });
    expect(storage.status).toBe(201);
    const served = await get('/data/local-files/?d=rig/note.txt', `Token ${ls.user.token}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('local file');
    // Label Studio refuses a path out of the root with a 500 (Django's SuspiciousFileOperation).
    const outside = await get('/data/local-files/?d=../../../../etc/passwd', `Token ${ls.user.token}`);
    expect(outside.status).toBe(500);
    expect(await outside.text()).not.toContain('root:');
  });
});
