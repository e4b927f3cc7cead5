import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLoginToken } from '../../electron/core/domain/auth/browserSessions.js';
import { createTestApp, type TestAppOptions } from '../helpers/testApp.js';

const APP_SHELL = '<!doctype html><title>Outpost</title><div id="root"></div>';

/** A stand-in for the built renderer: its shell and its icon. */
function rendererFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-renderer-'));
  writeFileSync(join(dir, 'index.html'), APP_SHELL);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

async function appWithRenderer(options: TestAppOptions = {}) {
  const t = await createTestApp({ rendererDir: rendererFolder(), ...options });
  /** Opens a fresh login link like a browser would, and returns the Cookie header it would then send. */
  const signIn = async () => {
    const token = createLoginToken(t.ctx, t.userId);
    const response = await t.request(`/login?token=${token}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { token, cookie };
  };
  return { ...t, signIn };
}

/** The page's only style sheet must be the one its CSP allows by hash, or the browser drops it. */
function expectStyleAllowedByCsp(html: string, csp: string | null) {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(style).digest('base64');
  expect(csp).toContain(`style-src 'sha256-${hash}'`);
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(html).not.toContain('<script');
}

describe('sign-in pages of browser mode', () => {
  it('answers the app’s address without a session with a page that explains how to sign in', async () => {
    const t = await appWithRenderer();
    for (const path of ['/', '/index.html', '/projects/3']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).not.toContain('<div id="root">');
      expect(html).toContain('<h1>Sign in to Outpost</h1>');
      expect(html).toContain('<code>LOGIN: http://localhost/login?token=…</code>');
      expect(html).toContain('start it again');
      expect(html).toContain('@media (prefers-color-scheme: dark)');
      expectStyleAllowedByCsp(html, response.headers.get('content-security-policy'));
    }
    // The icon the page shows, and the app's other files, are served as before.
    expect((await t.request('/favicon.svg')).status).toBe(200);
  });

  it('serves the app to a signed-in browser, and never asks the desktop app to sign in', async () => {
    const t = await appWithRenderer();
    const { cookie } = await t.signIn();
    const signedIn = await t.request('/', { headers: { Cookie: cookie } });
    expect(await signedIn.text()).toBe(APP_SHELL);
    expect(signedIn.headers.get('content-security-policy')).toContain("script-src 'self'");
    // A forged or expired session is no session.
    expect(await (await t.request('/', { headers: { Cookie: 'outpost_session=forged' } })).text()).toContain(
      'Sign in to Outpost',
    );
    t.advanceSeconds(31 * 24 * 3600);
    expect(await (await t.request('/', { headers: { Cookie: cookie } })).text()).toContain('Sign in to Outpost');

    const desktop = await appWithRenderer({ appMode: 'electron' });
    expect(await (await desktop.request('/')).text()).toBe(APP_SHELL);
  });

  it('sends a used link to the app in the browser it signed in, and explains it anywhere else', async () => {
    const t = await appWithRenderer();
    const { token, cookie } = await t.signIn();

    const again = await t.request(`/login?token=${token}`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/');
    expect(again.headers.getSetCookie()).toEqual([]);

    const elsewhere = await t.request(`/login?token=${token}`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('cache-control')).toBe('no-store');
    expect(elsewhere.headers.getSetCookie()).toEqual([]);
    const html = await elsewhere.text();
    expect(html).toContain('<h1>This sign-in link cannot be used again</h1>');
    expect(html).toContain('expired or was already used');
    expect(html).toContain('start it again');
    expectStyleAllowedByCsp(html, elsewhere.headers.get('content-security-policy'));

    // Without a token there is nothing used: the sign-in explanation, or the app when signed in.
    expect(await (await t.request('/login')).text()).toContain('Sign in to Outpost');
    expect((await t.request('/login', { headers: { Cookie: cookie } })).headers.get('location')).toBe('/');
  });
});
