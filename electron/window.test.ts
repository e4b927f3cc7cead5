import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asElectron, createFakeElectron, fakeEvent, type FakeBrowserWindow } from '../test/helpers/fakeElectron.js';
import { UI_CONTENT_SECURITY_POLICY } from './core/server/staticFiles.js';
import { createMainWindow, MIN_WINDOW_WIDTH, windowOptions } from './window.js';

const APP_URL = 'http://127.0.0.1:43117';
const PRELOAD = '/opt/outpost/dist/electron/preload.cjs';

function openWindow(appUrl = APP_URL) {
  const fake = createFakeElectron();
  const { BrowserWindow, shell } = asElectron(fake);
  const returned = createMainWindow({ BrowserWindow, shell }, appUrl, PRELOAD);
  const window = fake.windows[0] as FakeBrowserWindow;
  return { fake, window, returned, contents: window.webContents };
}

describe('windowOptions', () => {
  it('isolates the page from Node and Electron', () => {
    const prefs = windowOptions(PRELOAD).webPreferences;
    expect(prefs).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('uses the preload path it is given', () => {
    expect(windowOptions('/elsewhere/p.cjs').webPreferences?.preload).toBe('/elsewhere/p.cjs');
  });

  it('lets the window narrow to 800 px of page, the width every page is built for', () => {
    expect(windowOptions(PRELOAD)).toMatchObject({ minWidth: 800, useContentSize: true });
    // The shell's own minimum is the same, so the smallest window never scrolls sideways.
    const shell = readFileSync(new URL('../renderer/src/styles/shell.css', import.meta.url), 'utf8');
    const appRule = /\n\.app \{([^}]*)\}/.exec(shell)?.[1] ?? '';
    expect(appRule).toContain(`min-width: ${MIN_WINDOW_WIDTH}px;`);
  });

  it('keeps the window hidden until its first paint', () => {
    expect(windowOptions(PRELOAD).show).toBe(false);
  });
});

describe('createMainWindow', () => {
  it('creates one window with the hardened options and loads the app URL', () => {
    const { fake, window, returned } = openWindow();
    expect(fake.windows).toHaveLength(1);
    expect(returned).toBe(window);
    expect(window.options).toEqual(windowOptions(PRELOAD));
    expect(window.loadURL).toHaveBeenCalledTimes(1);
    expect(window.loadURL).toHaveBeenCalledWith(APP_URL);
  });

  it('shows the window once it is ready to show, not before', () => {
    const { window } = openWindow();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });

  describe('window.open', () => {
    it('denies an external https URL and opens it in the OS browser', () => {
      const { fake, contents } = openWindow();
      expect(contents.openWindow('https://labelstud.io/guide/')).toEqual({ action: 'deny' });
      expect(fake.shell.openExternal).toHaveBeenCalledTimes(1);
      expect(fake.shell.openExternal).toHaveBeenCalledWith('https://labelstud.io/guide/');
    });

    it('denies an external http URL and opens it in the OS browser', () => {
      const { fake, contents } = openWindow();
      expect(contents.openWindow('http://example.com/a?b=c')).toEqual({ action: 'deny' });
      expect(fake.shell.openExternal).toHaveBeenCalledWith('http://example.com/a?b=c');
    });

    it('denies a same-origin URL without sending it to the OS browser', () => {
      const { fake, contents } = openWindow();
      expect(contents.openWindow(`${APP_URL}/projects/1`)).toEqual({ action: 'deny' });
      expect(fake.shell.openExternal).not.toHaveBeenCalled();
    });

    it.each([
      'javascript:alert(1)',
      'JavaScript:fetch("//evil.example")',
      'file:///etc/passwd',
      'file:///C:/Windows/System32/calc.exe',
      'data:text/html,<script>alert(1)</script>',
      'smb://attacker.example/share',
      'not a url',
      '',
    ])('never passes %j to openExternal', (url) => {
      const { fake, contents } = openWindow();
      expect(contents.openWindow(url)).toEqual({ action: 'deny' });
      expect(fake.shell.openExternal).not.toHaveBeenCalled();
    });
  });

  describe('will-navigate', () => {
    it('prevents navigation to another origin and opens an http(s) link in the OS browser', () => {
      const { fake, contents } = openWindow();
      const event = contents.navigate('https://evil.example/phish');
      expect(event.defaultPrevented).toBe(true);
      expect(fake.shell.openExternal).toHaveBeenCalledWith('https://evil.example/phish');

      const plain = contents.navigate('http://example.org/');
      expect(plain.defaultPrevented).toBe(true);
      expect(fake.shell.openExternal).toHaveBeenLastCalledWith('http://example.org/');
    });

    it('treats another port on the same host as another origin', () => {
      const { fake, contents } = openWindow();
      const event = contents.navigate('http://127.0.0.1:8080/');
      expect(event.defaultPrevented).toBe(true);
      expect(fake.shell.openExternal).toHaveBeenCalledWith('http://127.0.0.1:8080/');
    });

    it('allows same-origin navigation', () => {
      const { fake, contents } = openWindow();
      const event = contents.navigate(`${APP_URL}/projects/2/data?tab=3`);
      expect(event.defaultPrevented).toBe(false);
      expect(fake.shell.openExternal).not.toHaveBeenCalled();
    });

    it.each(['file:///etc/passwd', 'javascript:void(0)', 'outpost-evil://x', 'about:blank'])(
      'prevents %j and does not hand it to the OS',
      (url) => {
        const { fake, contents } = openWindow();
        const event = contents.navigate(url);
        expect(event.defaultPrevented).toBe(true);
        expect(fake.shell.openExternal).not.toHaveBeenCalled();
      },
    );
  });

  it('refuses to attach a <webview>', () => {
    const { contents } = openWindow();
    const event = fakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])(
    'answers false to a %s permission request',
    async (permission) => {
      const { contents } = openWindow();
      await expect(contents.requestPermission(permission)).resolves.toBe(false);
    },
  );

  describe('response headers', () => {
    it('adds the UI Content-Security-Policy to responses from the app origin and keeps the others', async () => {
      const { contents } = openWindow();
      const result = await contents.receiveHeaders(`${APP_URL}/index.html`, {
        'content-type': ['text/html; charset=utf-8'],
        'cache-control': ['no-cache'],
      });
      expect(result.cancel).toBeFalsy();
      expect(result.responseHeaders).toEqual({
        'content-type': ['text/html; charset=utf-8'],
        'cache-control': ['no-cache'],
        'Content-Security-Policy': [UI_CONTENT_SECURITY_POLICY],
      });
    });

    it('leaves responses from other origins alone', async () => {
      const { contents } = openWindow();
      const headers = { 'content-type': ['image/png'], 'x-other': ['1'] };
      const result = await contents.receiveHeaders('https://cdn.example.com/a.png', headers);
      expect(result.cancel).toBeFalsy();
      expect(result.responseHeaders).toEqual({ 'content-type': ['image/png'], 'x-other': ['1'] });
    });

    it('does not mutate the headers object it was given', async () => {
      const { contents } = openWindow();
      const headers: Record<string, string[]> = { 'content-type': ['text/html'] };
      await contents.receiveHeaders(`${APP_URL}/`, headers);
      expect(headers).toEqual({ 'content-type': ['text/html'] });
    });

    it('ties the policy to the app origin, not just the host', async () => {
      const { contents } = openWindow();
      const result = await contents.receiveHeaders('http://127.0.0.1:9/', { a: ['b'] });
      expect(result.responseHeaders).toEqual({ a: ['b'] });
    });
  });
});
