import type { App, BrowserWindow, BrowserWindowConstructorOptions, Dialog, IpcMain, Shell } from 'electron';
import { vi } from 'vitest';

/**
 * A small stand-in for the parts of `electron` the shell uses (the Electron binary cannot run on
 * the build machines). Each fake records what the code under test did and lets a test play the
 * part of Chromium or the OS: fire app events, open windows, navigate, ask for permissions,
 * deliver response headers, invoke IPC handlers from a given frame.
 */

type Listener = (...args: never[]) => unknown;

/** What Electron passes as the first argument of a preventable event. */
export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function fakeEvent(extra: Record<string, unknown> = {}): FakeEvent {
  return {
    ...extra,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

class FakeEmitter {
  private readonly listeners = new Map<string, { listener: Listener; once: boolean }[]>();

  on(event: string, listener: Listener): this {
    this.add(event, listener, false);
    return this;
  }

  once(event: string, listener: Listener): this {
    this.add(event, listener, true);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  /** Calls the listeners of `event` in order, the way EventEmitter.emit does. */
  emit(event: string, ...args: unknown[]): boolean {
    const entries = [...(this.listeners.get(event) ?? [])];
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((entry) => !entry.once),
    );
    for (const { listener } of entries) (listener as (...a: unknown[]) => unknown)(...args);
    return entries.length > 0;
  }

  private add(event: string, listener: Listener, once: boolean): void {
    const entries = this.listeners.get(event) ?? [];
    entries.push({ listener, once });
    this.listeners.set(event, entries);
  }
}

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };
type PermissionHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  requestingOrigin: string,
  details: { isMainFrame?: boolean; requestingUrl?: string },
) => boolean;
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { cancel?: boolean; responseHeaders?: Record<string, string[] | string> }) => void,
) => void;

/** What Electron's WebFrameMain gives the IPC sender check: its address and its parent (null on top). */
export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export class FakeWebContents extends FakeEmitter {
  /** The window's top-level frame; tests set its `url` to the page they play. */
  readonly mainFrame: FakeFrame = { url: 'about:blank', parent: null };
  windowOpenHandler: WindowOpenHandler | null = null;
  permissionHandler: PermissionHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  headersListener: HeadersListener | null = null;

  readonly setWindowOpenHandler = vi.fn((handler: WindowOpenHandler) => {
    this.windowOpenHandler = handler;
  });

  readonly session = {
    setPermissionRequestHandler: vi.fn((handler: PermissionHandler | null) => {
      this.permissionHandler = handler;
    }),
    setPermissionCheckHandler: vi.fn((handler: PermissionCheckHandler | null) => {
      this.permissionCheckHandler = handler;
    }),
    webRequest: {
      onHeadersReceived: vi.fn((listener: HeadersListener | null) => {
        this.headersListener = listener;
      }),
    },
  };

  /** The page calls window.open(url) (or a link with target=_blank is clicked). */
  openWindow(url: string): { action: 'allow' | 'deny' } {
    if (!this.windowOpenHandler) throw new Error('no window open handler was set');
    return this.windowOpenHandler({ url });
  }

  /** The page tries to navigate to `url`; returns the event so the test can see if it was prevented. */
  navigate(url: string): FakeEvent {
    const event = fakeEvent();
    this.emit('will-navigate', event, url);
    return event;
  }

  /** A server answers a navigation with a redirect to `url`; returns the event, as `navigate` does. */
  redirect(url: string, isMainFrame = true): FakeEvent {
    const event = fakeEvent({ isMainFrame });
    this.emit('will-redirect', event, url, false, isMainFrame);
    return event;
  }

  /** Chromium checks a permission without prompting; returns what the check handler answered. */
  checkPermission(permission: string, requestingOrigin: string, isMainFrame = true): boolean {
    const handler = this.permissionCheckHandler;
    if (!handler) throw new Error('no permission check handler was set');
    return handler(this, permission, requestingOrigin, { isMainFrame, requestingUrl: `${requestingOrigin}/` });
  }

  /** The page asks for a permission; resolves with what the handler answered. */
  requestPermission(permission: string): Promise<boolean> {
    const handler = this.permissionHandler;
    if (!handler) return Promise.reject(new Error('no permission handler was set'));
    return new Promise((resolve) => handler(this, permission, resolve));
  }

  /** A response arrives for `url`; resolves with what the listener passed to its callback. */
  receiveHeaders(
    url: string,
    responseHeaders: Record<string, string[]>,
  ): Promise<{ cancel?: boolean; responseHeaders?: Record<string, string[] | string> }> {
    const listener = this.headersListener;
    if (!listener) return Promise.reject(new Error('no onHeadersReceived listener was set'));
    return new Promise((resolve) => listener({ url, responseHeaders }, resolve));
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  readonly webContents = new FakeWebContents();
  minimized = false;
  readonly loadURL = vi.fn((_url: string) => Promise.resolve());
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly isMinimized = vi.fn(() => this.minimized);
  readonly restore = vi.fn(() => {
    this.minimized = false;
  });

  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
}

/** A class to pass as `BrowserWindow`; every window it constructs is appended to `windows`. */
export function fakeBrowserWindowClass(
  windows: FakeBrowserWindow[],
): new (options: BrowserWindowConstructorOptions) => FakeBrowserWindow {
  return class extends FakeBrowserWindow {
    constructor(options: BrowserWindowConstructorOptions) {
      super(options);
      windows.push(this);
    }
  };
}

export function fakeShell() {
  return {
    openExternal: vi.fn((_url: string) => Promise.resolve()),
    showItemInFolder: vi.fn((_path: string) => undefined),
  };
}

export function fakeDialog() {
  return {
    showOpenDialog: vi.fn((..._args: unknown[]) => Promise.resolve({ canceled: true, filePaths: [] as string[] })),
    showSaveDialog: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ canceled: true, filePath: '' } as { canceled: boolean; filePath: string }),
    ),
    showErrorBox: vi.fn((_title: string, _content: string) => undefined),
  };
}

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  readonly handlers = new Map<string, IpcHandler>();

  /** Like Electron, a second handler for the same channel is an error. */
  readonly handle = vi.fn((channel: string, handler: IpcHandler) => {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  });

  /**
   * What ipcRenderer.invoke(channel, ...args) does from a frame at `frameUrl` (null: no frame):
   * the handler's throw or rejection becomes a rejection.
   */
  async invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
    // A top-level frame of no window the shell made.
    return this.invokeFrom(channel, frameUrl === null ? null : { url: frameUrl, parent: null }, ...args);
  }

  /** The same from a given frame: a window's `mainFrame`, or a frame inside it. */
  async invokeFrom(channel: string, frame: FakeFrame | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return await handler({ senderFrame: frame }, ...args);
  }
}

export class FakeApp extends FakeEmitter {
  /** What requestSingleInstanceLock answers. */
  gotLock = true;
  paths: Record<string, string> = { userData: '/fake/user-data' };
  version = '9.8.7';

  readonly requestSingleInstanceLock = vi.fn(() => this.gotLock);
  readonly whenReady = vi.fn(() => Promise.resolve());
  readonly getPath = vi.fn((name: string) => {
    const path = this.paths[name];
    if (path === undefined) throw new Error(`Failed to get '${name}' path`);
    return path;
  });
  readonly getVersion = vi.fn(() => this.version);
  readonly quit = vi.fn();
  readonly exit = vi.fn((_code?: number) => undefined);

  /** Fires an app event with a preventable event object first, as Electron does. */
  fire(event: string, ...args: unknown[]): FakeEvent {
    const electronEvent = fakeEvent();
    this.emit(event, electronEvent, ...args);
    return electronEvent;
  }
}

export interface FakeElectron {
  app: FakeApp;
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => FakeBrowserWindow;
  /** Every window constructed so far, oldest first. */
  windows: FakeBrowserWindow[];
  shell: ReturnType<typeof fakeShell>;
  dialog: ReturnType<typeof fakeDialog>;
  ipcMain: FakeIpcMain;
}

export function createFakeElectron(): FakeElectron {
  const windows: FakeBrowserWindow[] = [];
  return {
    app: new FakeApp(),
    BrowserWindow: fakeBrowserWindowClass(windows),
    windows,
    shell: fakeShell(),
    dialog: fakeDialog(),
    ipcMain: new FakeIpcMain(),
  };
}

/** The same fake objects under electron's types, to hand to the code under test. */
export function asElectron(fake: FakeElectron): {
  app: App;
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  shell: Shell;
  dialog: Dialog;
  ipcMain: IpcMain;
} {
  return {
    app: fake.app as unknown as App,
    BrowserWindow: fake.BrowserWindow as unknown as new (options: BrowserWindowConstructorOptions) => BrowserWindow,
    shell: fake.shell as unknown as Shell,
    dialog: fake.dialog as unknown as Dialog,
    ipcMain: fake.ipcMain as unknown as IpcMain,
  };
}

/** A fake window under electron's type (for getWindow and the like). */
export function asBrowserWindow(window: FakeBrowserWindow): BrowserWindow {
  return window as unknown as BrowserWindow;
}

/**
 * Electron's safeStorage: `available` plays the OS keychain being there or not. Its "encryption"
 * is a fixed byte mask behind a marker, enough to show the text never lands as is, and to fail
 * on anything it did not produce, as the real decryptString does.
 */
export class FakeSafeStorage {
  available = true;
  private static readonly MARKER = Buffer.from('fake-os-crypt:');

  readonly isEncryptionAvailable = vi.fn(() => this.available);
  readonly encryptString = vi.fn((text: string) => {
    if (!this.available) throw new Error('Encryption is not available.');
    const body = Buffer.from(text, 'utf8').map((byte) => byte ^ 0x5a);
    return Buffer.concat([FakeSafeStorage.MARKER, body]);
  });
  readonly decryptString = vi.fn((encrypted: Buffer) => {
    const marker = FakeSafeStorage.MARKER;
    if (!encrypted.subarray(0, marker.length).equals(marker)) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    }
    return Buffer.from(encrypted.subarray(marker.length).map((byte) => byte ^ 0x5a)).toString('utf8');
  });
}
