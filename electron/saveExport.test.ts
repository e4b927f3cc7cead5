import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../shared/ipc.js';
import { asElectron, createFakeElectron } from '../test/helpers/fakeElectron.js';
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
  registerIpcHandlers({
    ipcMain,
    dialog,
    shell,
    serverInfo: { url: serverUrl, token: TOKEN },
    appVersion: '1',
    getWindow: () => null,
  });
  const save = (request: unknown) => fake.ipcMain.invoke(IPC_CHANNELS.saveExport, `${serverUrl}/`, request);
  return { save };
}

describe('saveExport over IPC', () => {
  it('streams the export to the destination with the token, and reports the bytes', async () => {
    const { save } = setup();
    const destination = join(dir, 'project-7.json');
    await expect(save({ path: '/api/projects/7/export?exportType=JSON', destination })).resolves.toEqual({
      bytes: CHUNK.byteLength * CHUNKS,
    });
    expect(readFileSync(destination).equals(Buffer.concat(Array.from({ length: CHUNKS }, () => CHUNK)))).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(seen[0]!.url).toBe('/api/projects/7/export?exportType=JSON');
    expect(readdirSync(dir)).toEqual(['project-7.json']);
  });

  it("rejects with the server's message and writes nothing when the export is refused", async () => {
    const { save } = setup();
    const destination = join(dir, 'refused.json');
    await expect(save({ path: '/api/projects/8/export?exportType=XYZ', destination })).rejects.toThrow(
      'The export failed: Format XYZ is unknown.',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no file behind when the transfer breaks off', async () => {
    const { save } = setup();
    const destination = join(dir, 'broken.zip');
    await expect(save({ path: '/api/projects/9/export?exportType=YOLO', destination })).rejects.toThrow(
      /could not be written to .*broken\.zip/,
    );
    expect(existsSync(destination)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['another API path', { path: '/api/current-user/token', destination: '/tmp/t.json' }],
    ['a path that climbs out of export', { path: '/api/projects/7/export/../../token', destination: '/tmp/t' }],
    ['an absolute URL to another host', { path: 'http://evil.example/api/projects/7/export', destination: '/tmp/t' }],
    ['a protocol-relative URL', { path: '//evil.example/api/projects/7/export', destination: '/tmp/t' }],
    ['a project id that is not a number', { path: '/api/projects/x/export', destination: '/tmp/t' }],
    ['a relative destination', { path: '/api/projects/7/export', destination: 'export.json' }],
    ['an empty destination', { path: '/api/projects/7/export', destination: '' }],
    ['a destination with a NUL byte', { path: '/api/projects/7/export', destination: '/tmp/a\0b' }],
    ['a missing destination', { path: '/api/projects/7/export' }],
    ['a string request', '/api/projects/7/export'],
    ['no request', undefined],
  ])('refuses %s without asking the server', async (_name, request) => {
    const { save } = setup();
    await expect(save(request)).rejects.toThrow();
    expect(seen).toHaveLength(0);
  });

  it('refuses a frame from another origin', async () => {
    setup();
    const fake = createFakeElectron();
    const { ipcMain, dialog, shell } = asElectron(fake);
    registerIpcHandlers({
      ipcMain,
      dialog,
      shell,
      serverInfo: { url: serverUrl, token: TOKEN },
      appVersion: '1',
      getWindow: () => null,
    });
    const request = { path: '/api/projects/7/export', destination: join(dir, 'x.json') };
    await expect(fake.ipcMain.invoke(IPC_CHANNELS.saveExport, 'https://evil.example/', request)).rejects.toThrow(
      /IPC refused/,
    );
    expect(seen).toHaveLength(0);
  });
});
