import type { BrowserWindow, Dialog, IpcMain, IpcMainInvokeEvent, Shell } from 'electron';
import { z } from 'zod';
import { IPC_CHANNELS, type OutpostBridge, type ServerInfo } from '../shared/ipc.js';
import { saveExport } from './saveExport.js';

export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle'>;
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  serverInfo: ServerInfo;
  appVersion: string;
  getWindow: () => BrowserWindow | null;
}

const filters = z
  .array(z.object({ name: z.string().max(200), extensions: z.array(z.string().max(20)).max(50) }))
  .max(20);
const openRequest = z.object({
  title: z.string().max(200).optional(),
  filters: filters.optional(),
  multiple: z.boolean().optional(),
  directories: z.boolean().optional(),
});
const saveRequest = z.object({
  title: z.string().max(200).optional(),
  defaultPath: z.string().max(4096).optional(),
  filters: filters.optional(),
});
const pickFolderRequest = z.object({
  title: z.string().max(200).optional(),
  buttonLabel: z.string().max(60).optional(),
});
const pathArgument = z.string().min(1).max(4096);

/**
 * Only the window's own top-level page (served by the embedded server) may call the shell. A
 * frame inside it, even one of the same origin, is refused: the labeling editor's frame runs a
 * remote server's code, and the token or a file write must never be a message away from it.
 */
function assertTrustedSender(event: IpcMainInvokeEvent, serverUrl: string, window: BrowserWindow | null): void {
  const frame = event.senderFrame;
  const frameUrl = frame?.url ?? '';
  const isMainFrame = frame != null && window != null && frame === window.webContents.mainFrame;
  if (!isMainFrame || !frameUrl || new URL(frameUrl).origin !== new URL(serverUrl).origin) {
    throw new Error(
      `IPC refused for ${frameUrl || 'an unknown frame'}${frame && !isMainFrame ? ' (not the app page)' : ''}`,
    );
  }
}

type Handlers = { [K in keyof OutpostBridge]: (...args: unknown[]) => ReturnType<OutpostBridge[K]> };

/** Registers one handler per key of the IPC contract, each validating its arguments. */
export function registerIpcHandlers(deps: IpcDeps): void {
  // Where the user last said to save, in the save dialog: the only path an export may be written
  // to, used once. The page never names a path itself.
  let chosenDestination: string | null = null;
  const handlers: Handlers = {
    getServerInfo: async () => deps.serverInfo,
    getAppVersion: async () => deps.appVersion,
    showOpenDialog: async (raw) => {
      const request = openRequest.parse(raw);
      const properties: ('openFile' | 'openDirectory' | 'multiSelections')[] = [
        request.directories ? 'openDirectory' : 'openFile',
      ];
      if (request.multiple) properties.push('multiSelections');
      const options = { title: request.title, filters: request.filters, properties };
      const window = deps.getWindow();
      const result = window
        ? await deps.dialog.showOpenDialog(window, options)
        : await deps.dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
    showSaveDialog: async (raw) => {
      const options = saveRequest.parse(raw);
      const window = deps.getWindow();
      const result = window
        ? await deps.dialog.showSaveDialog(window, options)
        : await deps.dialog.showSaveDialog(options);
      chosenDestination = result.canceled || !result.filePath ? null : result.filePath;
      return chosenDestination;
    },
    pickFolder: async (raw) => {
      const request = pickFolderRequest.parse(raw);
      // One folder, never a file; the renderer gets a path, not a handle to the file system.
      const options = {
        title: request.title,
        buttonLabel: request.buttonLabel,
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const window = deps.getWindow();
      const result = window
        ? await deps.dialog.showOpenDialog(window, options)
        : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    revealInFolder: async (raw) => deps.shell.showItemInFolder(pathArgument.parse(raw)),
    saveExport: (raw) => {
      const destination = chosenDestination;
      chosenDestination = null;
      return saveExport(deps.serverInfo, raw, destination);
    },
  };
  for (const key of Object.keys(IPC_CHANNELS) as (keyof OutpostBridge)[]) {
    deps.ipcMain.handle(IPC_CHANNELS[key], (event, ...args: unknown[]) => {
      assertTrustedSender(event, deps.serverInfo.url, deps.getWindow());
      return handlers[key](...args);
    });
  }
}
