import { describe, expect, it } from 'vitest';
import { signIn } from '../helpers/browserSignIn.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** The app's own origin as app.request addresses it (http://localhost). */
const OWN = 'http://localhost';

async function projectTitle(t: TestApp, id: number): Promise<string | undefined> {
  return (t.db.prepare('SELECT title FROM projects WHERE id = ?').get(id) as { title: string } | undefined)?.title;
}

describe('CSRF on session-cookie writes', () => {
  it('authenticates reads with the cookie and requires the CSRF token on writes', async () => {
    const t = await createTestApp();
    const { cookie, csrf } = await signIn(t);
    const whoami = await t.request('/api/current-user/whoami', { headers: { Cookie: cookie } });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { id: number }).id).toBe(t.userId);

    const create = (headers: Record<string, string>) =>
      t.request('/api/projects', {
        method: 'POST',
        body: JSON.stringify({ title: 'From the browser' }),
        headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      });
    await expectEnvelope(await create({}), 403, 'CSRF Failed: CSRF token missing.');
    await expectEnvelope(
      await create({ 'X-CSRFToken': `${csrf.slice(0, -1)}x` }),
      403,
      'CSRF Failed: CSRF token incorrect.',
    );
    expect(countRows(t.db, 'projects')).toBe(0);
    expect((await create({ 'X-CSRFToken': csrf })).status).toBe(201);
  });

  it('refuses PATCH, DELETE and the bodies an HTML form can send without the token, changing nothing', async () => {
    const t = await createTestApp();
    const { cookie, csrf } = await signIn(t);
    const created = await t.withToken('/api/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'Kept' }),
      headers: { 'Content-Type': 'application/json' },
    });
    const id = ((await created.json()) as { id: number }).id;
    const form = new FormData();
    form.set('title', 'Forged');
    const attempts: [string, RequestInit][] = [
      [
        `/api/projects/${id}`,
        { method: 'PATCH', body: '{"title":"Forged"}', headers: { 'Content-Type': 'application/json' } },
      ],
      [`/api/projects/${id}`, { method: 'DELETE' }],
      ['/api/projects', { method: 'POST', body: new URLSearchParams({ title: 'Forged' }) }],
      ['/api/projects', { method: 'POST', body: form }],
      [`/api/projects/${id}/import`, { method: 'POST', body: new URLSearchParams({ url: '[{"text": "x"}]' }) }],
      ['/api/current-user/reset-token', { method: 'POST' }],
      ['/api/token', { method: 'POST' }],
    ];
    for (const [path, init] of attempts) {
      for (const token of [undefined, '', csrf.toUpperCase(), csrf.slice(1)]) {
        const headers = new Headers(init.headers);
        headers.set('Cookie', cookie);
        if (token !== undefined) headers.set('X-CSRFToken', token);
        const response = await t.request(path, { ...init, headers });
        expect(response.status, `${init.method} ${path} with ${JSON.stringify(token)}`).toBe(403);
      }
    }
    expect(await projectTitle(t, id)).toBe('Kept');
    expect(countRows(t.db, 'projects')).toBe(1);
    expect(countRows(t.db, 'tasks')).toBe(0);
  });

  it('refuses a write from a foreign Origin or Referer even with the right token', async () => {
    const t = await createTestApp();
    const { cookie, csrf } = await signIn(t);
    const create = (headers: Record<string, string>) =>
      t.request('/api/projects', {
        method: 'POST',
        body: JSON.stringify({ title: 'Cross-site' }),
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRFToken': csrf, ...headers },
      });
    for (const origin of ['http://evil.example', 'http://localhost:8081', 'https://localhost', 'null']) {
      await expectEnvelope(
        await create({ Origin: origin }),
        403,
        `CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.`,
      );
    }
    const referer = 'http://evil.example/page';
    await expectEnvelope(
      await create({ Referer: referer }),
      403,
      `CSRF Failed: Referer checking failed - ${referer} does not match any trusted origins.`,
    );
    expect(countRows(t.db, 'projects')).toBe(0);
    expect((await create({ Origin: OWN })).status).toBe(201);
    expect((await create({ Referer: `${OWN}/projects` })).status).toBe(201);
    // Clients that send neither (scripts, the SDK) are not browsers on another site.
    expect((await create({})).status).toBe(201);
    // A token header is no ambient credential: its Origin does not matter.
    const withToken = await t.withToken('/api/projects', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
    });
    expect(withToken.status).toBe(201);
  });
});
