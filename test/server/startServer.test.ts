import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../electron/core/serve.js';
import { TEST_TOKEN } from '../helpers/testApp.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const start = async () => {
  server = await startServer({ dataDir: mkdtempSync(join(tmpdir(), 'outpost-serve-')), port: 0, token: TEST_TOKEN });
  return server;
};

/** A raw HTTP request, so tests can send any Host header and control when the body ends. */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> }) {
  const target = new URL(url);
  const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, ...options });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, response };
}

describe('startServer on a real socket', () => {
  it('binds 127.0.0.1 on a free port and serves the API with the pinned token', async () => {
    const running = await start();
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${running.url}/api/current-user/whoami/`, {
      headers: { Authorization: `Token ${TEST_TOKEN}` },
    });
    expect(response.status).toBe(200);
  });

  it('lets an in-flight request finish on close, then closes the database and the port', async () => {
    const running = await start();
    const body = JSON.stringify({ refresh: running.pat });
    const { req, response } = rawRequest(`${running.url}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
    });
    req.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = running.close();
    req.end(body.slice(10));
    const finished = await response;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toHaveProperty('access');
    await closed;
    server = null;
    expect(running.deps.db.open).toBe(false);
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
  });
});
