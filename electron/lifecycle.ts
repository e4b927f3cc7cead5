import type { App, BrowserWindow, Dialog, IpcMain, Shell } from 'electron';
import type { RunningServer, ServeOptions } from './core/serve.js';
import { registerIpcHandlers } from './ipc.js';
import { createSafeStorageCodec, type SafeStorageLike } from './tokenCodec.js';
import { createMainWindow, type WindowDeps } from './window.js';

export interface ElectronDeps extends WindowDeps {
  app: Pick<App, 'requestSingleInstanceLock' | 'on' | 'whenReady' | 'getPath' | 'getVersion' | 'quit' | 'exit'>;
  ipcMain: Pick<IpcMain, 'handle'>;
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showErrorBox'>;
  shell: Pick<Shell, 'openExternal' | 'showItemInFolder'>;
  startServer: (options: ServeOptions) => Promise<RunningServer>;
  preloadPath: string;
  rendererDir: string;
  platform: NodeJS.Platform;
  /** A better_sqlite3.node built for Electron's ABI, when running from a development checkout. */
  sqliteBinding?: string | undefined;
  /** Electron's safeStorage, to encrypt remote tokens; without it they rely on file permissions. */
  safeStorage?: SafeStorageLike | undefined;
}

/**
 * The app's lifecycle: one instance at a time, the core server on 127.0.0.1 with a free port in
 * the app-data folder, one window, and a quit that lets requests finish and closes the database.
 */
export async function runApp(deps: ElectronDeps): Promise<void> {
  const { app } = deps;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let window: BrowserWindow | null = null;
  let server: RunningServer | null = null;

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => {
    if (deps.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (!server) return;
    event.preventDefault();
    const closing = server;
    server = null;
    closing.close().then(
      () => app.exit(0),
      (error: unknown) => {
        console.error('outpost: the server did not close cleanly:', error);
        app.exit(1);
      },
    );
  });

  await app.whenReady();
  try {
    server = await deps.startServer({
      dataDir: app.getPath('userData'),
      host: '127.0.0.1',
      port: 0,
      rendererDir: deps.rendererDir,
      nativeBinding: deps.sqliteBinding,
      mode: 'electron',
      secretCodec: deps.safeStorage ? createSafeStorageCodec(deps.safeStorage) : null,
    });
  } catch (error) {
    deps.dialog.showErrorBox('Outpost could not start', (error as Error).message);
    app.exit(1);
    return;
  }
  registerIpcHandlers({
    ipcMain: deps.ipcMain,
    dialog: deps.dialog,
    shell: deps.shell,
    serverInfo: { url: server.url, token: server.token },
    appVersion: app.getVersion(),
    getWindow: () => window,
  });
  const openWindow = () => {
    // The window starts at a one-time sign-in link: the API uses the preload's token, but media
    // elements (images, audio, video in the editor) cannot send headers and need the session cookie.
    window = createMainWindow(deps, server?.url ?? '', deps.preloadPath, server?.newLoginUrl());
    window.on('closed', () => (window = null));
  };
  openWindow();
  app.on('activate', () => {
    if (!window && server) openWindow();
  });
}
