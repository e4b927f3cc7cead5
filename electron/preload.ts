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

contextBridge.exposeInMainWorld('outpost', bridge);
