import { describe, expect, it } from 'vitest';
import { asElectron, createFakeElectron, type FakeBrowserWindow } from '../test/helpers/fakeElectron.js';
import { createMainWindow } from './window.js';

/* The main window's redirect and permission-check lockdown (window.test.ts covers the rest). */

const APP_URL = 'http://127.0.0.1:43117';

function openWindow() {
  const fake = createFakeElectron();
  const { BrowserWindow, shell } = asElectron(fake);
  createMainWindow({ BrowserWindow, shell }, APP_URL, '/opt/outpost/dist/electron/preload.cjs');
  const window = fake.windows[0] as FakeBrowserWindow;
  return { fake, contents: window.webContents };
}

describe('will-redirect', () => {
  it.each(['https://evil.example/phish', 'http://127.0.0.1:8080/', 'file:///etc/passwd', 'about:blank'])(
    'stops a redirect of the window to %j and hands nothing to the OS',
    (url) => {
      const { fake, contents } = openWindow();
      expect(contents.redirect(url).defaultPrevented).toBe(true);
      expect(fake.shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('lets a redirect within the app origin through (the sign-in link lands on the app)', () => {
    const { contents } = openWindow();
    expect(contents.redirect(`${APP_URL}/projects`).defaultPrevented).toBe(false);
  });

  it("leaves a frame's redirects to the page's own policy", () => {
    const { contents } = openWindow();
    expect(contents.redirect('http://127.0.0.1:43118/editor/', false).defaultPrevented).toBe(false);
  });
});

describe('setPermissionCheckHandler', () => {
  it.each(['media', 'geolocation', 'notifications', 'midi', 'hid', 'serial', 'usb', 'clipboard-read', 'fullscreen'])(
    'denies a check for %s, even from the app origin',
    (permission) => {
      const { contents } = openWindow();
      expect(contents.checkPermission(permission, APP_URL)).toBe(false);
    },
  );

  it("allows the app's own top-level page to write to the clipboard (its Copy buttons), and no one else", () => {
    const { contents } = openWindow();
    expect(contents.checkPermission('clipboard-sanitized-write', APP_URL)).toBe(true);
    expect(contents.checkPermission('clipboard-sanitized-write', APP_URL, false)).toBe(false);
    expect(contents.checkPermission('clipboard-sanitized-write', 'http://127.0.0.1:43118')).toBe(false);
    expect(contents.checkPermission('clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });
});
