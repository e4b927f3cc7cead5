import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../electron/core/serve.js';
import { LABEL_STUDIO_VERSION } from '../../shared/api/compatibility.js';
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
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; agent?: Agent }) {
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

/** The body as JSON when it is JSON (an empty body stays ''), so a failing check shows what came. */
function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
    // A client that would keep the connection open for ever: the server ends it once it is answered.
    const agent = new Agent({ keepAlive: true });
    const { req, response } = rawRequest(`${running.url}/api/token/refresh/`, {
      agent,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
    });
    // The server is reading this request when it is told to close: its head has arrived, its body not yet.
    const reading = once(running.httpServer, 'request');
    req.write(body.slice(0, 10));
    await reading;
    const closed = running.close();
    req.end(body.slice(10));
    const finished = await response;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toHaveProperty('access');
    await closed;
    server = null;
    expect(running.deps.db.open).toBe(false);
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
    agent.destroy();
  });

  // Found by the fuzz suite: both were answered with an empty body.
  it("answers requests refused before the app in Label Studio's envelope", async () => {
    const running = await start();
    const port = new URL(running.url).port;
    const send = (path: string, method = 'GET') => {
      const raw = httpRequest({
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { Authorization: `Token ${TEST_TOKEN}` },
      });
      const answer = new Promise<{ status: number; type: string; body: unknown }>((resolve, reject) => {
        raw.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type']),
              body: parseOrText(body),
            }),
          );
        });
        raw.on('error', reject);
      });
      raw.end();
      return answer;
    };
    const envelope = (status: number, detail: string) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status_code: status,
      version: LABEL_STUDIO_VERSION,
      detail,
      exc_info: null,
    });
    const backslash = await send('/api/projects/1\\');
    expect(backslash).toEqual({
      status: 400,
      type: 'application/json',
      body: envelope(400, 'Bad request: Backslash in request path.'),
    });
    const huge = await send(`/api/projects?title=${'x'.repeat(20_000)}`);
    expect(huge).toEqual({
      status: 431,
      type: 'application/json',
      body: envelope(431, 'Request line and headers are too large.'),
    });
    // A HEAD answer has no body, or the client reads it as garbage after the response.
    const head = await send(`/api/projects?title=${'x'.repeat(20_000)}`, 'HEAD');
    expect(head).toEqual({ status: 431, type: 'application/json', body: '' });
  });
});
