import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';

/*
 * A sync run makes thousands of requests on one abort signal: they must leave no listener behind
 * on it (Node warns past ten, and each kept its request alive), yet cancelling still ends them.
 */

describe('the remote client on one long-lived signal', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      // Never answered: only an abort ends a request here.
      if (request.url === '/stall') return;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ path: request.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it('leaves no abort listener on the signal after each request settles', async () => {
    const client = createRemoteClient({ url, token: 'a'.repeat(40) });
    const controller = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (let index = 0; index < 60; index += 1) {
        await client.request('GET', `/api/tasks/${index}`, { signal: controller.signal });
        const raw = await client.requestRaw('GET', `/api/raw/${index}`, { signal: controller.signal });
        await raw.arrayBuffer();
      }
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('still ends a request in flight when the run is cancelled', async () => {
    const client = createRemoteClient({ url, token: 'a'.repeat(40) });
    const controller = new AbortController();
    const pending = client.request('GET', '/stall', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
