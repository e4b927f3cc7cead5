import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, safeStorage, shell } from 'electron';
import { startServer } from './core/serve.js';
import { runApp } from './lifecycle.js';

// Bundled to dist/electron/main.js: the preload sits beside it, the built UI in dist/renderer.
void runApp({
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  shell,
  safeStorage,
  startServer,
  preloadPath: fileURLToPath(new URL('./preload.cjs', import.meta.url)),
  rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
  platform: process.platform,
  sqliteBinding: process.env.OUTPOST_SQLITE_BINDING,
});
