import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { newDataDir, removeDataDirs, startOutpost, TOKEN, type Outpost } from './outpostServer.js';

/*
 * Found by the load suite: an import runs synchronously from parsing to commit,
 * so a 200,000-task import holds the server's event loop for seconds (9 s here). A client that
 * sends its next request on a kept-alive connection meanwhile got ECONNRESET instead of an answer:
 * when the loop resumed, Node's keep-alive timer (5 s by default) fired before the waiting request
 * was read, and closed the connection under it (nodejs/node#43456). Browsers, the SDK and fetch all
 * reuse connections, and a POST of an annotation is not retried. SIGSTOP stands in for the long
 * import here, so the stall is exact and costs no CPU.
 */

/** Longer than Node's default keepAliveTimeout (5 s). */
const STALL_MS = 6_000;

let server: Outpost | null = null;
afterEach(async () => {
  if (server) process.kill(server.cli.pid, 'SIGCONT');
  await server?.cli.kill();
  server = null;
  removeDataDirs();
});

/** `onSent` runs once the whole request is handed to the socket (the kernel holds it for a stopped server). */
function get(url: string, agent: Agent, onSent?: () => void): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}/api/version`, { agent, headers: { Authorization: `Token ${TOKEN}` } });
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reusedSocket: outgoing.reusedSocket }));
    });
    outgoing.on('error', reject);
    if (onSent) outgoing.on('finish', onSent);
    outgoing.end();
  });
}

/** The stall itself: how long the server is stopped is this test's input, not a wait for something. */
// eslint-disable-next-line no-restricted-syntax
const stall = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('a server stalled by a long import', () => {
  it('answers a request sent on a kept-alive connection during the stall', async () => {
    server = await startOutpost(newDataDir('outpost-stall-'));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(server.url, agent)).toEqual({ status: 200, reusedSocket: false });
      process.kill(server.cli.pid, 'SIGSTOP');
      await stall(STALL_MS);
      // The request reaches the stalled server's socket before it resumes, as it would mid-import.
      let markSent = () => {};
      const sent = new Promise<void>((resolve) => (markSent = resolve));
      const answer = get(server.url, agent, markSent).catch((error: Error) => error.message);
      await sent;
      process.kill(server.cli.pid, 'SIGCONT');
      expect(await answer).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
