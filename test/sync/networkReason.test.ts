import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectRemote, RemoteConnectError } from '../../electron/core/sync/engine/connectRemote.js';
import { networkReason } from '../../electron/core/sync/networkReason.js';
import { closedPortUrl } from '../helpers/remotesApi.js';

/* An unreachable remote says why in words (it used to say "fetch failed"), from real sockets. */

function fetchFailure(cause: object): TypeError {
  return new TypeError('fetch failed', { cause });
}

describe('why a remote could not be reached', () => {
  it('says nothing answers when the port is closed, never "fetch failed"', async () => {
    const url = await closedPortUrl();
    const error = await connectRemote({ url, token: 'f'.repeat(40) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RemoteConnectError);
    expect((error as Error).message).toBe(
      `${url} could not be reached: nothing answers at that address (connection refused). ` +
        'Check the URL and port, and that the server is running.',
    );
  });

  it('says the address does not speak HTTPS when https:// meets a plain HTTP server', async () => {
    const sockets: Socket[] = [];
    const plain = createServer((socket) => {
      sockets.push(socket);
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(plain.address() as { port: number }).port}`;
    try {
      const error = await connectRemote({ url, token: 'f'.repeat(40) }).catch((caught: unknown) => caught);
      expect((error as Error).message).toBe(
        `${url} could not be reached: it does not speak HTTPS at that address. Try the URL with http://.`,
      );
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('reads the system reason from the cause, an AggregateError, or a certificate code', () => {
    expect(networkReason(fetchFailure({ code: 'ENOTFOUND' }))).toBe(
      'its host name was not found. Check the URL, and that this computer is online',
    );
    const both = new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })]);
    expect(networkReason(fetchFailure(both))).toMatch(/^nothing answers at that address/);
    expect(networkReason(fetchFailure({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed' }))).toBe(
      'its HTTPS certificate was not accepted (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
    expect(networkReason(fetchFailure(new Error('bad port')))).toMatch(/^fetch refuses that port/);
    // Unknown codes keep the system's own words, with the code.
    expect(networkReason(fetchFailure({ code: 'EWEIRD', message: 'something odd' }))).toBe('something odd (EWEIRD)');
    expect(networkReason(new TypeError('fetch failed: dropped (injected)'))).toBe('fetch failed: dropped (injected)');
  });
});
