import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, type OutpostBridge } from '../shared/ipc.js';

// Runs sandboxed with context isolation: the page gets these typed calls, never ipcRenderer.
const bridge: OutpostBridge = {
  getServerInfo: () => ipcRenderer.invoke(IPC_CHANNELS.getServerInfo),
  showOpenDialog: (request) => ipcRenderer.invoke(IPC_CHANNELS.showOpenDialog, request),
  showSaveDialog: (request) => ipcRenderer.invoke(IPC_CHANNELS.showSaveDialog, request),
  pickFolder: (request) => ipcRenderer.invoke(IPC_CHANNELS.pickFolder, request),
  revealInFolder: (path) => ipcRenderer.invoke(IPC_CHANNELS.revealInFolder, path),
  getAppVersion: () => ipcRenderer.invoke(IPC_CHANNELS.getAppVersion),
  saveExport: (request) => ipcRenderer.invoke(IPC_CHANNELS.saveExport, request),
};

/**
 * Only the app's own top-level page gets the bridge. Electron runs preloads in the main frame
 * alone today; should a frame ever get one (the labeling editor's frame runs a remote server's
 * code), it gets nothing, and the main process refuses its calls anyway.
 */
const page = (globalThis as { window?: { top?: unknown } }).window;
const isSubframe = page !== undefined && page.top !== page;

if (!isSubframe) contextBridge.exposeInMainWorld('outpost', bridge);
