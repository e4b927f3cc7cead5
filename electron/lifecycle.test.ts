import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../shared/ipc.js';
import { asElectron, createFakeElectron, type FakeBrowserWindow } from '../test/helpers/fakeElectron.js';
import type { RunningServer, ServeOptions } from './core/serve.js';
import { runApp, type ElectronDeps } from './lifecycle.js';
import { windowOptions } from './window.js';

const SERVER_URL = 'http://127.0.0.1:51234';
const TOKEN = 't'.repeat(40);
const PRELOAD = '/opt/outpost/dist/electron/preload.cjs';
const RENDERER = '/opt/outpost/dist/renderer';

/** The real server is tested elsewhere; here only its contract with the shell matters. */
let logins = 0;

function fakeServer() {
  return {
    url: SERVER_URL,
    token: TOKEN,
    pat: 'p'.repeat(40),
    deps: {},
    newLoginUrl: vi.fn(() => `${SERVER_URL}/login?token=one-time-${++logins}`),
    close: vi.fn(() => Promise.resolve()),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(overrides: { platform?: NodeJS.Platform; startServer?: ElectronDeps['startServer'] } = {}) {
  const fake = createFakeElectron();
  fake.app.paths.userData = '/home/u/.config/Outpost';
  const server = fakeServer();
  const startServer = vi.fn(
    overrides.startServer ?? ((_options: ServeOptions) => Promise.resolve(server as unknown as RunningServer)),
  );
  const deps: ElectronDeps = {
    ...asElectron(fake),
    startServer,
    preloadPath: PRELOAD,
    rendererDir: RENDERER,
    platform: overrides.platform ?? 'linux',
    sqliteBinding: undefined,
  };
  return { fake, server, startServer, deps };
}

/** The URL each window was opened at. */
function fakeWindowsLinks(windows: FakeBrowserWindow[]): unknown[] {
  return windows.map((window) => window.loadURL.mock.calls[0]?.[0]);
}

async function started(overrides: Parameters<typeof setup>[0] = {}) {
  const context = setup(overrides);
  await runApp(context.deps);
  return { ...context, window: context.fake.windows[0] as FakeBrowserWindow };
}

describe('runApp', () => {
  describe('when another instance is running', () => {
    it('quits without starting the server, opening a window or registering IPC', async () => {
      const { fake, startServer, deps } = setup();
      fake.app.gotLock = false;
      await runApp(deps);
      expect(fake.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
      expect(fake.app.quit).toHaveBeenCalledTimes(1);
      expect(startServer).not.toHaveBeenCalled();
      expect(fake.windows).toHaveLength(0);
      expect(fake.ipcMain.handle).not.toHaveBeenCalled();
      expect(fake.app.listenerCount('before-quit')).toBe(0);
    });
  });

  describe('on a normal start', () => {
    it('starts the server on 127.0.0.1, a free port, in the userData folder, after the app is ready', async () => {
      const { fake, startServer, deps } = setup();
      const ready = deferred<void>();
      fake.app.whenReady.mockReturnValueOnce(ready.promise);
      const running = runApp(deps);
      await Promise.resolve();
      expect(startServer).not.toHaveBeenCalled();
      ready.resolve();
      await running;
      expect(fake.app.getPath).toHaveBeenCalledWith('userData');
      expect(startServer).toHaveBeenCalledTimes(1);
      expect(startServer).toHaveBeenCalledWith(
        expect.objectContaining({
          host: '127.0.0.1',
          port: 0,
          dataDir: '/home/u/.config/Outpost',
          rendererDir: RENDERER,
        }),
      );
    });

    it('passes the development SQLite binding through to the server', async () => {
      const { startServer, deps } = setup();
      await runApp({ ...deps, sqliteBinding: '/dev/better_sqlite3.node' });
      expect(startServer.mock.calls[0]?.[0]).toMatchObject({ nativeBinding: '/dev/better_sqlite3.node' });
    });

    it('creates one hardened window that signs in through a one-time link of the server', async () => {
      const { fake, window, server } = await started();
      expect(fake.windows).toHaveLength(1);
      expect(window.options).toEqual(windowOptions(PRELOAD));
      expect(server.newLoginUrl).toHaveBeenCalledTimes(1);
      expect(window.loadURL).toHaveBeenCalledExactlyOnceWith(server.newLoginUrl.mock.results[0]?.value);
      expect(String(server.newLoginUrl.mock.results[0]?.value)).toMatch(new RegExp(`^${SERVER_URL}/login\\?token=`));
    });

    it('registers the IPC handlers, serving the server URL and token to its own window only', async () => {
      const { fake, window } = await started();
      const page = window.webContents.mainFrame;
      page.url = `${SERVER_URL}/`;
      expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
      await expect(fake.ipcMain.invokeFrom(IPC_CHANNELS.getServerInfo, page)).resolves.toEqual({
        url: SERVER_URL,
        token: TOKEN,
      });
      await expect(fake.ipcMain.invokeFrom(IPC_CHANNELS.getAppVersion, page)).resolves.toBe('9.8.7');
      await expect(fake.ipcMain.invoke(IPC_CHANNELS.getServerInfo, 'https://evil.example/')).rejects.toThrow();
      await expect(fake.ipcMain.invoke(IPC_CHANNELS.getServerInfo, `${SERVER_URL}/`)).rejects.toThrow();
    });

    it('parents dialogs to the current window', async () => {
      const { fake, window } = await started();
      window.webContents.mainFrame.url = SERVER_URL;
      await fake.ipcMain.invokeFrom(IPC_CHANNELS.showOpenDialog, window.webContents.mainFrame, {});
      expect(fake.dialog.showOpenDialog.mock.calls[0]?.[0]).toBe(window);
    });
  });

  describe('second-instance', () => {
    it('restores a minimized window and focuses it', async () => {
      const { fake, window } = await started();
      window.minimized = true;
      fake.app.fire('second-instance', ['outpost'], '/home/u');
      expect(window.restore).toHaveBeenCalledTimes(1);
      expect(window.focus).toHaveBeenCalledTimes(1);
      expect(fake.windows).toHaveLength(1);
    });

    it('only focuses a window that is not minimized', async () => {
      const { fake, window } = await started();
      fake.app.fire('second-instance', ['outpost'], '/home/u');
      expect(window.restore).not.toHaveBeenCalled();
      expect(window.focus).toHaveBeenCalledTimes(1);
    });

    it('does nothing before the window exists', async () => {
      const { fake, deps } = setup();
      const ready = deferred<void>();
      fake.app.whenReady.mockReturnValueOnce(ready.promise);
      const running = runApp(deps);
      expect(() => fake.app.fire('second-instance', [], '/')).not.toThrow();
      ready.resolve();
      await running;
      expect(fake.windows[0]?.focus).not.toHaveBeenCalled();
    });
  });

  describe('before-quit', () => {
    it('holds the quit, closes the server, then exits with 0 once it has closed', async () => {
      const { fake, server } = await started();
      const closed = deferred<void>();
      server.close.mockReturnValueOnce(closed.promise);

      const event = fake.app.fire('before-quit');
      expect(event.defaultPrevented).toBe(true);
      expect(server.close).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fake.app.exit).not.toHaveBeenCalled();

      closed.resolve();
      await vi.waitFor(() => expect(fake.app.exit).toHaveBeenCalledExactlyOnceWith(0));
    });

    it('closes the server only once when quit is asked again while closing', async () => {
      const { fake, server } = await started();
      const closed = deferred<void>();
      server.close.mockReturnValueOnce(closed.promise);
      fake.app.fire('before-quit');
      const second = fake.app.fire('before-quit');
      expect(second.defaultPrevented).toBe(false);
      expect(server.close).toHaveBeenCalledTimes(1);
      closed.resolve();
      await vi.waitFor(() => expect(fake.app.exit).toHaveBeenCalledTimes(1));
    });

    it('does not hold the quit when there is no server', async () => {
      const { fake, deps } = setup({ startServer: () => Promise.reject(new Error('EACCES')) });
      await runApp(deps);
      const event = fake.app.fire('before-quit');
      expect(event.defaultPrevented).toBe(false);
    });
  });

  describe('when the server cannot start', () => {
    it('shows an error box and exits with 1, without a window or IPC', async () => {
      const { fake, deps } = setup({
        startServer: () => Promise.reject(new Error('The data folder is locked by another process')),
      });
      await runApp(deps);
      expect(fake.dialog.showErrorBox).toHaveBeenCalledTimes(1);
      const [title, message] = fake.dialog.showErrorBox.mock.calls[0] as [string, string];
      expect(title).toMatch(/could not start/i);
      expect(message).toBe('The data folder is locked by another process');
      expect(fake.app.exit).toHaveBeenCalledExactlyOnceWith(1);
      expect(fake.windows).toHaveLength(0);
      expect(fake.ipcMain.handle).not.toHaveBeenCalled();
    });
  });

  describe('windows', () => {
    it('quits when all windows are closed on Linux and Windows', async () => {
      for (const platform of ['linux', 'win32'] as const) {
        const { fake } = await started({ platform });
        fake.app.fire('window-all-closed');
        expect(fake.app.quit).toHaveBeenCalledTimes(1);
      }
    });

    it('keeps running when all windows are closed on macOS', async () => {
      const { fake } = await started({ platform: 'darwin' });
      fake.app.fire('window-all-closed');
      expect(fake.app.quit).not.toHaveBeenCalled();
    });

    it('opens a new window on activate after the window was closed, and not while one is open', async () => {
      const { fake, window } = await started({ platform: 'darwin' });
      fake.app.fire('activate');
      expect(fake.windows).toHaveLength(1);

      window.emit('closed');
      fake.app.fire('second-instance', [], '/');
      expect(window.focus).not.toHaveBeenCalled();

      fake.app.fire('activate');
      expect(fake.windows).toHaveLength(2);
      // Each window gets its own link: the first one was spent by the first window.
      const links = fakeWindowsLinks(fake.windows);
      expect(links).toHaveLength(2);
      expect(links[0]).not.toBe(links[1]);

      fake.app.fire('second-instance', [], '/');
      expect(fake.windows[1]?.focus).toHaveBeenCalledTimes(1);
    });

    it('answers no page once the window is closed', async () => {
      const { fake, window } = await started({ platform: 'darwin' });
      window.webContents.mainFrame.url = SERVER_URL;
      window.emit('closed');
      await expect(
        fake.ipcMain.invokeFrom(IPC_CHANNELS.showSaveDialog, window.webContents.mainFrame, { title: 'Export' }),
      ).rejects.toThrow(/IPC refused/);
      expect(fake.dialog.showSaveDialog).not.toHaveBeenCalled();
    });
  });
});
