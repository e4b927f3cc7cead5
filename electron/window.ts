import type { BrowserWindow, BrowserWindowConstructorOptions, Shell } from 'electron';
import {
  EDITOR_FRAME_CONTENT_SECURITY_POLICY,
  EDITOR_PAGE,
  UI_CONTENT_SECURITY_POLICY,
} from './core/server/staticFiles.js';

export interface WindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  shell: Pick<Shell, 'openExternal'>;
}

/**
 * The narrowest the window gets: every page is built to work at this width, and the app shell's
 * CSS (`.app` in renderer/src/styles/shell.css) has the same minimum.
 */
export const MIN_WINDOW_WIDTH = 800;

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    // Sizes are the page's, not the frame's: at the minimum the page really has 800 px.
    useContentSize: true,
    minWidth: MIN_WINDOW_WIDTH,
    minHeight: 640,
    title: 'Outpost',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

function isSameOrigin(url: string, appUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/** The editor's page keeps its own, sandboxing policy; every other page of the app gets the UI's. */
function policyFor(url: string): string {
  return new URL(url).pathname === EDITOR_PAGE ? EDITOR_FRAME_CONTENT_SECURITY_POLICY : UI_CONTENT_SECURITY_POLICY;
}

function isExternalWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The main window: sandboxed, context-isolated, no Node. It may only show the embedded server's
 * pages (navigations and redirects elsewhere are stopped; links open in the OS browser), new
 * windows are refused and so are permissions, asked for or merely checked.
 * `startUrl` is where it starts, e.g. a sign-in link of the same server.
 */
export function createMainWindow(
  deps: WindowDeps,
  appUrl: string,
  preloadPath: string,
  startUrl: string = appUrl,
): BrowserWindow {
  const window = new deps.BrowserWindow(windowOptions(preloadPath));
  const { webContents } = window;

  webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebLink(url) && !isSameOrigin(url, appUrl)) void deps.shell.openExternal(url);
    return { action: 'deny' };
  });
  webContents.on('will-navigate', (event, url) => {
    if (isSameOrigin(url, appUrl)) return;
    event.preventDefault();
    if (isExternalWebLink(url)) void deps.shell.openExternal(url);
  });
  // A server-side redirect is a navigation too: the app's own pages may not send the window off
  // its origin (nor hand the target to the OS browser: no one clicked it). Frames are the page's
  // own business, kept in check by its Content-Security-Policy.
  webContents.on('will-redirect', (event, url, _isInPlace, isMainFrame) => {
    if ((event.isMainFrame ?? isMainFrame) === false || isSameOrigin(url, appUrl)) return;
    event.preventDefault();
  });
  webContents.on('will-attach-webview', (event) => event.preventDefault());
  webContents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  // What the page may use without asking (Chromium checks before it would prompt): nothing, but
  // writing plain text to the clipboard from the app's own top-level page (its Copy buttons).
  webContents.session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin, details) =>
      permission === 'clipboard-sanitized-write' &&
      details.isMainFrame === true &&
      isSameOrigin(requestingOrigin, appUrl),
  );
  webContents.session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (isSameOrigin(details.url, appUrl)) headers['Content-Security-Policy'] = [policyFor(details.url)];
    callback({ responseHeaders: headers });
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(startUrl);
  return window;
}
