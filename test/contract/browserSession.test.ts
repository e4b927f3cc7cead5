import { describe, expect, it } from 'vitest';
import { createLoginToken } from '../../electron/core/domain/auth/browserSessions.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { signIn } from '../helpers/browserSignIn.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

describe('browser mode: one-time login link, session cookie, CSRF', () => {
  it('trades the link for an HttpOnly SameSite=Strict session and a readable CSRF cookie, then redirects', async () => {
    const t = await createTestApp();
    const { response, cookies, session, csrf } = await signIn(t);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(cookies.find((cookie) => cookie.startsWith('outpost_session='))).toMatch(
      /; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(cookies.find((cookie) => cookie.startsWith('outpost_csrf='))).toMatch(/; Path=\/; SameSite=Strict$/);
    expect(session).toMatch(/^[\w-]{43}$/);
    expect(csrf).toMatch(/^[\w-]{43}$/);
    // Only hashes are stored.
    const stored = t.db.prepare('SELECT session_hash, csrf_token FROM browser_sessions').get() as Record<
      string,
      string
    >;
    expect(stored.session_hash).not.toContain(session);
  });

  it('works once, and not after an hour', async () => {
    const t = await createTestApp();
    const token = createLoginToken(t.ctx, t.userId);
    expect((await t.request(`/login?token=${token}`)).status).toBe(302);
    const reused = await t.request(`/login?token=${token}`);
    expect(reused.status).toBe(403);
    expect(reused.headers.getSetCookie()).toEqual([]);
    expect(await reused.text()).toContain('expired or was already used');
    const late = createLoginToken(t.ctx, t.userId);
    t.advanceSeconds(3601);
    expect((await t.request(`/login?token=${late}`)).status).toBe(403);
    // Without a token there is nothing to refuse: the page explains how to sign in (signInPages.test.ts).
    expect((await t.request('/login')).status).toBe(200);
  });

  it('ignores unknown or expired sessions, and a token header takes precedence over the cookie', async () => {
    const t = await createTestApp();
    const { session } = await signIn(t);
    await expectEnvelope(
      await t.request('/api/current-user/whoami', { headers: { Cookie: 'outpost_session=forged' } }),
      401,
      'Authentication credentials were not provided.',
    );
    const headers = { Cookie: `outpost_session=${session}`, Authorization: 'Token wrong' };
    await expectEnvelope(await t.request('/api/current-user/whoami', { headers }), 401, 'Invalid token.');
    const tokenWrite = await t.request('/api/projects', {
      method: 'POST',
      body: '{}',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `outpost_session=${session}`,
        Authorization: `Token ${TEST_TOKEN}`,
      },
    });
    expect(tokenWrite.status).toBe(201);
    t.advanceSeconds(31 * 24 * 3600);
    expect(
      (await t.request('/api/current-user/whoami', { headers: { Cookie: `outpost_session=${session}` } })).status,
    ).toBe(401);
  });
});
