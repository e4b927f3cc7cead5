import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../shared/ipc.js';
import { asBrowserWindow, asElectron, createFakeElectron, FakeBrowserWindow } from '../test/helpers/fakeElectron.js';
import { registerIpcHandlers } from './ipc.js';

const TOKEN = 'b'.repeat(40);
/** 3 MB in 64 KB chunks: more than one read, so the copy really streams. */
const CHUNK = Buffer.alloc(64 * 1024, 'x');
const CHUNKS = 48;

let server: Server;
let serverUrl: string;
const seen: IncomingMessage[] = [];
let dir: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/api/projects/7/export') {
      response.writeHead(200, { 'Content-Type': 'application/.json' });
      for (let index = 0; index < CHUNKS; index += 1) response.write(CHUNK);
      response.end();
    } else if (path === '/api/projects/8/export') {
      response.writeHead(400, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ id: 'e', status_code: 400, version: '1', detail: 'Format XYZ is unknown.', exc_info: null }),
      );
    } else if (path === '/api/projects/9/export') {
      // The server dies halfway through the body.
      response.writeHead(200, { 'Content-Type': 'application/zip' });
      response.write(CHUNK, () => response.socket?.destroy());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  seen.length = 0;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  dir = mkdtempSync(join(tmpdir(), 'outpost-save-export-'));
  const fake = createFakeElectron();
  const { ipcMain, dialog, shell } = asElectron(fake);
  const window = new FakeBrowserWindow({});
  const page = window.webContents.mainFrame;
  page.url = `${serverUrl}/`;
  registerIpcHandlers({
    ipcMain,
    dialog,
    shell,
    serverInfo: { url: serverUrl, token: TOKEN },
    appVersion: '1',
    getWindow: () => asBrowserWindow(window),
  });
  /** The user picks `destination` in the save dialog (null: cancels it). */
  const choose = async (destination: string | null) => {
    fake.dialog.showSaveDialog.mockResolvedValueOnce(
      destination === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: destination },
    );
    return fake.ipcMain.invokeFrom(IPC_CHANNELS.showSaveDialog, page, { title: 'Save the export' });
  };
  const save = (request: unknown) => fake.ipcMain.invokeFrom(IPC_CHANNELS.saveExport, page, request);
  /** What the app does: the dialog, then the export to what it answered. */
  const saveTo = async (destination: string, request: unknown) => {
    await choose(destination);
    return save(request);
  };
  return { fake, window, choose, save, saveTo };
}

describe('saveExport over IPC', () => {
  it('streams the export to the destination with the token, and reports the bytes', async () => {
    const { saveTo } = setup();
    const destination = join(dir, 'project-7.json');
    await expect(saveTo(destination, { path: '/api/projects/7/export?exportType=JSON' })).resolves.toEqual({
      bytes: CHUNK.byteLength * CHUNKS,
    });
    expect(readFileSync(destination).equals(Buffer.concat(Array.from({ length: CHUNKS }, () => CHUNK)))).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(seen[0]!.url).toBe('/api/projects/7/export?exportType=JSON');
    expect(readdirSync(dir)).toEqual(['project-7.json']);
  });

  it("rejects with the server's message and writes nothing when the export is refused", async () => {
    const { saveTo } = setup();
    const destination = join(dir, 'refused.json');
    await expect(saveTo(destination, { path: '/api/projects/8/export?exportType=XYZ' })).rejects.toThrow(
      'The export failed: Format XYZ is unknown.',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no file behind when the transfer breaks off', async () => {
    const { saveTo } = setup();
    const destination = join(dir, 'broken.zip');
    await expect(saveTo(destination, { path: '/api/projects/9/export?exportType=YOLO' })).rejects.toThrow(
      /could not be written to .*broken\.zip/,
    );
    expect(existsSync(destination)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['another API path', { path: '/api/current-user/token' }],
    ['a path that climbs out of export', { path: '/api/projects/7/export/../../token' }],
    ['an absolute URL to another host', { path: 'http://evil.example/api/projects/7/export' }],
    ['a protocol-relative URL', { path: '//evil.example/api/projects/7/export' }],
    ['a project id that is not a number', { path: '/api/projects/x/export' }],
    ['a string request', '/api/projects/7/export'],
    ['no request', undefined],
  ])('refuses %s without asking the server', async (_name, request) => {
    const { saveTo } = setup();
    await expect(saveTo(join(dir, 'x.json'), request)).rejects.toThrow();
    expect(seen).toHaveLength(0);
  });

  it('writes only where the save dialog answered: a path the page names is refused', async () => {
    const { choose, save } = setup();
    const chosen = join(dir, 'chosen.json');
    const named = join(dir, 'named-by-the-page.json');
    await choose(chosen);
    await expect(save({ path: '/api/projects/7/export', destination: named })).rejects.toThrow();
    expect(seen).toHaveLength(0);
    // Without a dialog first there is nowhere to write.
    await expect(save({ path: '/api/projects/7/export' })).rejects.toThrow('Choose where to save the export first.');
    expect(seen).toHaveLength(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('uses the dialog answer once: a second export needs a second choice, and a cancel clears it', async () => {
    const { choose, save } = setup();
    const chosen = join(dir, 'once.json');
    await choose(chosen);
    await expect(save({ path: '/api/projects/7/export' })).resolves.toEqual({ bytes: CHUNK.byteLength * CHUNKS });
    await expect(save({ path: '/api/projects/7/export' })).rejects.toThrow('Choose where to save the export first.');
    await choose(join(dir, 'second.json'));
    await choose(null);
    await expect(save({ path: '/api/projects/7/export' })).rejects.toThrow('Choose where to save the export first.');
    expect(readdirSync(dir)).toEqual(['once.json']);
  });

  it('refuses a frame from another origin, and a frame inside the app page', async () => {
    const { fake, window, choose } = setup();
    await choose(join(dir, 'x.json'));
    const request = { path: '/api/projects/7/export' };
    await expect(fake.ipcMain.invoke(IPC_CHANNELS.saveExport, 'https://evil.example/', request)).rejects.toThrow(
      /IPC refused/,
    );
    const editorFrame = { url: `${serverUrl}/editor.html`, parent: window.webContents.mainFrame };
    await expect(fake.ipcMain.invokeFrom(IPC_CHANNELS.saveExport, editorFrame, request)).rejects.toThrow(/IPC refused/);
    expect(seen).toHaveLength(0);
  });
});
