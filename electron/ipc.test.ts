import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNEL_PREFIX, IPC_CHANNELS } from '../shared/ipc.js';
import {
  asBrowserWindow,
  asElectron,
  createFakeElectron,
  FakeBrowserWindow,
  type FakeElectron,
} from '../test/helpers/fakeElectron.js';
import { registerIpcHandlers } from './ipc.js';

// preload.ts imports `electron` for real; the binary cannot load here, so the module is replaced.
const electronMock = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn((..._args: unknown[]) => Promise.resolve('answer')) },
}));
vi.mock('electron', () => electronMock);

const SERVER_URL = 'http://127.0.0.1:43117';
const TOKEN = 'a'.repeat(40);
const OWN_FRAME = `${SERVER_URL}/projects/1`;

function setup(options: { withWindow?: boolean } = {}) {
  const fake: FakeElectron = createFakeElectron();
  const { ipcMain, dialog, shell } = asElectron(fake);
  const window = new FakeBrowserWindow({});
  window.webContents.mainFrame.url = OWN_FRAME;
  registerIpcHandlers({
    ipcMain,
    dialog,
    shell,
    serverInfo: { url: SERVER_URL, token: TOKEN },
    appVersion: '1.2.3',
    getWindow: () => (options.withWindow === false ? null : asBrowserWindow(window)),
  });
  const call = (channel: string, ...args: unknown[]) =>
    fake.ipcMain.invokeFrom(channel, window.webContents.mainFrame, ...args);
  return { fake, window, call };
}

describe('registerIpcHandlers', () => {
  it('registers exactly one handler for every channel of the contract', () => {
    const { fake } = setup();
    const channels = Object.values(IPC_CHANNELS);
    expect(fake.ipcMain.handle).toHaveBeenCalledTimes(channels.length);
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual([...channels].sort());
    expect(new Set(channels).size).toBe(channels.length);
  });

  it('names every channel with the contract prefix', () => {
    expect(Object.keys(IPC_CHANNELS)).toHaveLength(7);
    for (const channel of Object.values(IPC_CHANNELS)) {
      expect(channel.startsWith(IPC_CHANNEL_PREFIX)).toBe(true);
      expect(channel.length).toBeGreaterThan(IPC_CHANNEL_PREFIX.length);
    }
  });

  describe('sender check', () => {
    it.each([
      ['another site', 'https://evil.example/'],
      ['another port on loopback', 'http://127.0.0.1:8080/'],
      ['localhost instead of 127.0.0.1', 'http://localhost:43117/'],
      ['https on the same host and port', 'https://127.0.0.1:43117/'],
      ['a file page', 'file:///tmp/page.html'],
      ['about:blank', 'about:blank'],
      ['an empty frame URL', ''],
      ['no frame at all', null],
    ])('refuses %s on every channel', async (_name, frameUrl) => {
      const { fake } = setup();
      for (const channel of Object.values(IPC_CHANNELS)) {
        await expect(fake.ipcMain.invoke(channel, frameUrl, { title: 'x' })).rejects.toThrow();
      }
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
      expect(fake.dialog.showSaveDialog).not.toHaveBeenCalled();
      expect(fake.shell.showItemInFolder).not.toHaveBeenCalled();
    });

    it('opens no folder dialog for a foreign frame', async () => {
      const { fake } = setup();
      await expect(fake.ipcMain.invoke(IPC_CHANNELS.pickFolder, 'https://evil.example/', {})).rejects.toThrow(
        /IPC refused/,
      );
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    });

    it('says why it refused', async () => {
      const { fake } = setup();
      await expect(fake.ipcMain.invoke(IPC_CHANNELS.getServerInfo, 'https://evil.example/x')).rejects.toThrow(
        /IPC refused for https:\/\/evil\.example\/x/,
      );
    });

    it('does not leak the token to a foreign frame', async () => {
      const { fake } = setup();
      const outcome = await fake.ipcMain.invoke(IPC_CHANNELS.getServerInfo, 'https://evil.example/').then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      expect(outcome).not.toHaveProperty('value');
      expect(JSON.stringify(String((outcome as { error: unknown }).error))).not.toContain(TOKEN);
    });

    it('accepts any page of its own origin in the window itself', async () => {
      const { window, call } = setup();
      window.webContents.mainFrame.url = `${SERVER_URL}/`;
      await expect(call(IPC_CHANNELS.getAppVersion)).resolves.toBe('1.2.3');
      window.webContents.mainFrame.url = `${SERVER_URL}/a/b?c=d#e`;
      await expect(call(IPC_CHANNELS.getAppVersion)).resolves.toBe('1.2.3');
    });

    it('refuses a frame inside the app page, of the same origin too, on every channel', async () => {
      const { fake, window } = setup();
      const editorFrame = { url: `${SERVER_URL}/editor.html?theme=light`, parent: window.webContents.mainFrame };
      for (const channel of Object.values(IPC_CHANNELS)) {
        await expect(fake.ipcMain.invokeFrom(channel, editorFrame, { title: 'x' })).rejects.toThrow(
          /IPC refused .*not the app page/,
        );
      }
      expect(fake.dialog.showSaveDialog).not.toHaveBeenCalled();
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    });

    it('refuses the top page of a window that is not the app window', async () => {
      const { fake } = setup();
      const other = new FakeBrowserWindow({});
      other.webContents.mainFrame.url = OWN_FRAME;
      await expect(fake.ipcMain.invokeFrom(IPC_CHANNELS.getServerInfo, other.webContents.mainFrame)).rejects.toThrow(
        /IPC refused/,
      );
    });
  });

  it('getServerInfo returns the server URL and token', async () => {
    const { call } = setup();
    await expect(call(IPC_CHANNELS.getServerInfo)).resolves.toEqual({ url: SERVER_URL, token: TOKEN });
  });

  it('getAppVersion returns the app version', async () => {
    const { call } = setup();
    await expect(call(IPC_CHANNELS.getAppVersion)).resolves.toBe('1.2.3');
  });

  describe('showOpenDialog', () => {
    it('maps {multiple: true} to openFile + multiSelections, attached to the window, and returns the paths', async () => {
      const { fake, window, call } = setup();
      fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/data/a.jpg', '/data/b.jpg'] });
      const filters = [{ name: 'Images', extensions: ['jpg', 'png'] }];
      await expect(call(IPC_CHANNELS.showOpenDialog, { title: 'Import', multiple: true, filters })).resolves.toEqual([
        '/data/a.jpg',
        '/data/b.jpg',
      ]);
      expect(fake.dialog.showOpenDialog).toHaveBeenCalledTimes(1);
      const [parent, options] = fake.dialog.showOpenDialog.mock.calls[0] as [unknown, Record<string, unknown>];
      expect(parent).toBe(window);
      expect(options.title).toBe('Import');
      expect(options.filters).toEqual(filters);
      expect(options.properties).toEqual(expect.arrayContaining(['openFile', 'multiSelections']));
      expect(options.properties).not.toContain('openDirectory');
    });

    it('asks for a single file by default', async () => {
      const { fake, call } = setup();
      await call(IPC_CHANNELS.showOpenDialog, {});
      const options = fake.dialog.showOpenDialog.mock.calls[0]?.[1] as { properties: string[] };
      expect(options.properties).toEqual(['openFile']);
    });

    it('maps {directories: true} to openDirectory', async () => {
      const { fake, call } = setup();
      await call(IPC_CHANNELS.showOpenDialog, { directories: true });
      const options = fake.dialog.showOpenDialog.mock.calls[0]?.[1] as { properties: string[] };
      expect(options.properties).toContain('openDirectory');
      expect(options.properties).not.toContain('openFile');
      expect(options.properties).not.toContain('multiSelections');
    });

    it('returns [] when cancelled, even if the dialog reports paths', async () => {
      const { fake, call } = setup();
      fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: ['/ignored'] });
      await expect(call(IPC_CHANNELS.showOpenDialog, { multiple: true })).resolves.toEqual([]);
    });

    it('opens no dialog once the window is gone: no page of it can be asking', async () => {
      const { fake, call } = setup({ withWindow: false });
      await expect(call(IPC_CHANNELS.showOpenDialog, {})).rejects.toThrow(/IPC refused/);
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    });

    it('does not pass through options the contract does not have', async () => {
      const { fake, call } = setup();
      await call(IPC_CHANNELS.showOpenDialog, {
        properties: ['openDirectory', 'showHiddenFiles'],
        defaultPath: '/root/.ssh',
        securityScopedBookmarks: true,
      });
      const options = fake.dialog.showOpenDialog.mock.calls[0]?.[1] as Record<string, unknown>;
      expect(options.properties).toEqual(['openFile']);
      expect(options).not.toHaveProperty('defaultPath');
      expect(options).not.toHaveProperty('securityScopedBookmarks');
    });

    it.each([
      ['a 10,000-character title', { title: 'x'.repeat(10_000) }],
      ['a non-boolean multiple', { multiple: 'yes' }],
      ['filters that are not a list', { filters: 'jpg' }],
      ['a filter without extensions', { filters: [{ name: 'Images' }] }],
      ['too many filters', { filters: Array.from({ length: 21 }, () => ({ name: 'a', extensions: ['a'] })) }],
      ['no request', undefined],
      ['a string request', '/etc'],
    ])('rejects %s without opening a dialog', async (_name, request) => {
      const { fake, call } = setup();
      await expect(call(IPC_CHANNELS.showOpenDialog, request)).rejects.toThrow();
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    });
  });

  describe('showSaveDialog', () => {
    it('returns null when cancelled', async () => {
      const { fake, call } = setup();
      fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '/ignored.json' });
      await expect(call(IPC_CHANNELS.showSaveDialog, { title: 'Export' })).resolves.toBeNull();
    });

    it('returns null when no path was chosen', async () => {
      const { fake, call } = setup();
      fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '' });
      await expect(call(IPC_CHANNELS.showSaveDialog, {})).resolves.toBeNull();
    });

    it('returns the chosen path and passes title, defaultPath and filters to the window dialog', async () => {
      const { fake, window, call } = setup();
      fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/u/export.json' });
      const request = {
        title: 'Export',
        defaultPath: 'project-1.json',
        filters: [{ name: 'JSON', extensions: ['json'] }],
      };
      await expect(call(IPC_CHANNELS.showSaveDialog, request)).resolves.toBe('/home/u/export.json');
      expect(fake.dialog.showSaveDialog).toHaveBeenCalledWith(window, request);
    });

    it.each([
      ['a 10,000-character title', { title: 'x'.repeat(10_000) }],
      ['a numeric defaultPath', { defaultPath: 42 }],
      ['a defaultPath longer than 4096', { defaultPath: 'a'.repeat(4097) }],
      ['an extension longer than 20', { filters: [{ name: 'x', extensions: ['e'.repeat(21)] }] }],
    ])('rejects %s without opening a dialog', async (_name, request) => {
      const { fake, call } = setup();
      await expect(call(IPC_CHANNELS.showSaveDialog, request)).rejects.toThrow();
      expect(fake.dialog.showSaveDialog).not.toHaveBeenCalled();
    });
  });

  describe('pickFolder', () => {
    it('asks for one folder, attached to the window, and returns its path', async () => {
      const { fake, window, call } = setup();
      fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/u/photos'] });
      const request = { title: 'Choose a folder to label', buttonLabel: 'Label this folder' };
      await expect(call(IPC_CHANNELS.pickFolder, request)).resolves.toBe('/home/u/photos');
      expect(fake.dialog.showOpenDialog).toHaveBeenCalledTimes(1);
      const [parent, options] = fake.dialog.showOpenDialog.mock.calls[0] as [unknown, Record<string, unknown>];
      expect(parent).toBe(window);
      expect(options).toEqual({ ...request, properties: ['openDirectory', 'createDirectory'] });
    });

    it('returns null when cancelled, even if the dialog reports paths', async () => {
      const { fake, call } = setup();
      fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: ['/ignored'] });
      await expect(call(IPC_CHANNELS.pickFolder, {})).resolves.toBeNull();
    });

    it('returns null when the dialog chose nothing', async () => {
      const { fake, call } = setup();
      fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [] });
      await expect(call(IPC_CHANNELS.pickFolder, {})).resolves.toBeNull();
    });

    it('opens no folder dialog once the window is gone', async () => {
      const { fake, call } = setup({ withWindow: false });
      await expect(call(IPC_CHANNELS.pickFolder, {})).rejects.toThrow(/IPC refused/);
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    });

    it('does not pass through options the contract does not have', async () => {
      const { fake, call } = setup();
      await call(IPC_CHANNELS.pickFolder, {
        properties: ['openFile', 'multiSelections', 'showHiddenFiles'],
        defaultPath: '/root/.ssh',
        securityScopedBookmarks: true,
      });
      const options = fake.dialog.showOpenDialog.mock.calls[0]?.[1] as Record<string, unknown>;
      expect(options.properties).toEqual(['openDirectory', 'createDirectory']);
      expect(options).not.toHaveProperty('defaultPath');
      expect(options).not.toHaveProperty('securityScopedBookmarks');
    });

    it.each([
      ['a 10,000-character title', { title: 'x'.repeat(10_000) }],
      ['a numeric title', { title: 42 }],
      ['a button label longer than 60', { buttonLabel: 'b'.repeat(61) }],
      ['no request', undefined],
      ['a string request', '/etc'],
      ['a list', [{ title: 'x' }]],
    ])('rejects %s without opening a dialog', async (_name, request) => {
      const { fake, call } = setup();
      await expect(call(IPC_CHANNELS.pickFolder, request)).rejects.toThrow();
      expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    });
  });

  describe('revealInFolder', () => {
    it('shows the path in the OS file manager', async () => {
      const { fake, call } = setup();
      await expect(call(IPC_CHANNELS.revealInFolder, '/data/export.json')).resolves.toBeUndefined();
      expect(fake.shell.showItemInFolder).toHaveBeenCalledExactlyOnceWith('/data/export.json');
    });

    it.each([
      ['a number', 42],
      ['an empty string', ''],
      ['a path longer than 4096', `/${'a'.repeat(4096)}`],
      ['an object', { path: '/x' }],
      ['nothing', undefined],
    ])('rejects %s', async (_name, path) => {
      const { fake, call } = setup();
      await expect(call(IPC_CHANNELS.revealInFolder, path)).rejects.toThrow();
      expect(fake.shell.showItemInFolder).not.toHaveBeenCalled();
    });
  });

  it('cannot be registered twice on the same ipcMain', () => {
    const { fake } = setup();
    const { ipcMain, dialog, shell } = asElectron(fake);
    expect(() =>
      registerIpcHandlers({
        ipcMain,
        dialog,
        shell,
        serverInfo: { url: SERVER_URL, token: TOKEN },
        appVersion: '1',
        getWindow: () => null,
      }),
    ).toThrow(/second handler/);
  });
});

describe('preload', () => {
  it('exposes exactly the contract as window.outpost, each method invoking its own channel', async () => {
    await import('./preload.js');
    expect(electronMock.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, bridge] = electronMock.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      Record<string, (...args: unknown[]) => Promise<unknown>>,
    ];
    expect(name).toBe('outpost');
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(IPC_CHANNELS).sort());
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');

    const invoke = electronMock.ipcRenderer.invoke;
    await expect(bridge.getServerInfo?.()).resolves.toBe('answer');
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.getServerInfo);
    await bridge.getAppVersion?.();
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.getAppVersion);
    await bridge.showOpenDialog?.({ multiple: true });
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.showOpenDialog, { multiple: true });
    await bridge.showSaveDialog?.({ title: 'Export' });
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.showSaveDialog, { title: 'Export' });
    await bridge.pickFolder?.({ title: 'Label a folder' });
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.pickFolder, { title: 'Label a folder' });
    await bridge.revealInFolder?.('/data/x');
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.revealInFolder, '/data/x');
    const exportRequest = { path: '/api/projects/1/export?exportType=JSON' };
    await bridge.saveExport?.(exportRequest);
    expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.saveExport, exportRequest);
    expect(invoke).toHaveBeenCalledTimes(7);
  });

  it('exposes nothing in a frame inside a page', async () => {
    vi.resetModules();
    electronMock.contextBridge.exposeInMainWorld.mockClear();
    const top = {};
    vi.stubGlobal('window', { top });
    try {
      await import('./preload.js');
      expect(electronMock.contextBridge.exposeInMainWorld).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('does not hand the page ipcRenderer itself', async () => {
    await import('./preload.js');
    const bridge = electronMock.contextBridge.exposeInMainWorld.mock.calls[0]?.[1] as Record<string, unknown>;
    for (const value of Object.values(bridge)) expect(value).not.toBe(electronMock.ipcRenderer.invoke);
    expect(Object.values(bridge)).not.toContain(electronMock.ipcRenderer);
  });
});
