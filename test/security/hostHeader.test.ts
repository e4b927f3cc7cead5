import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../electron/core/serve.js';
import { rawGet } from '../helpers/rawGet.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Sends one GET with exactly the Host header given, as a page behind a rebound DNS name would. */
function getWithHost(url: string, host: string, headers: Record<string, string> = {}) {
  const target = new URL(url);
  return rawGet(url, `${target.pathname}${target.search}`, { ...headers, Host: host });
}

describe('Host header spoofing (DNS rebinding)', () => {
  it('refuses requests addressed to another host (DNS rebinding)', async () => {
    const t = await createTestApp({ allowedHosts: ['127.0.0.1:8080', 'localhost:8080'] });
    const evil = await t.request('http://evil.example/api/version');
    expect(evil.status).toBe(400);
    expect(((await evil.json()) as { detail: string }).detail).toContain("'evil.example'");
    const spoofed = await t.request('http://127.0.0.1:8080/health', { headers: { Host: 'evil.example:8080' } });
    expect(spoofed.status).toBe(400);
    expect((await t.request('http://127.0.0.1:8080/api/version')).status).toBe(200);
    expect((await t.request('http://localhost:8080/health')).status).toBe(200);
  });

  it('checks the Host header sent on the wire: only this address and port, by IP or loopback name', async () => {
    server = await startServer({ dataDir: mkdtempSync(join(tmpdir(), 'outpost-host-')), port: 0, token: TEST_TOKEN });
    const port = new URL(server.url).port;
    for (const [host, status] of [
      ['evil.example', 400],
      [`evil.example:${port}`, 400],
      [`127.0.0.1:${Number(port) + 1}`, 400],
      ['127.0.0.1', 400],
      [`127.0.0.1.evil.example:${port}`, 400],
      [`evil.example:${port}@127.0.0.1:${port}`, 400],
      [`127.0.0.1:${port}`, 200],
      [`localhost:${port}`, 200],
      [`LOCALHOST:${port}`, 200],
      [`[::1]:${port}`, 200],
    ] as const) {
      expect((await getWithHost(`${server.url}/api/version`, host)).status, host).toBe(status);
    }
  });

  it('refuses a spoofed host before authentication, the renderer and media alike', async () => {
    server = await startServer({ dataDir: mkdtempSync(join(tmpdir(), 'outpost-host-')), port: 0, token: TEST_TOKEN });
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    for (const path of ['/api/current-user/whoami', '/api/projects', '/data/upload/1/x.txt', '/', '/health']) {
      const refused = await getWithHost(`${server.url}${path}`, 'evil.example', auth);
      expect(refused.status, path).toBe(400);
      expect(refused.body, path).toContain('Invalid HTTP_HOST header');
    }
    const port = new URL(server.url).port;
    expect((await getWithHost(`${server.url}/api/current-user/whoami`, `localhost:${port}`, auth)).status).toBe(200);
  });
});
