import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainBody } from '../../electron/core/sync/media/drainBody.js';
import { waitUntil } from '../helpers/eventually.js';

/*
 * A server that sends a whole answer and closes the connection before the client reads it (Label
 * Studio's runserver closes after each file it serves). Read straight from fetch's stream, the
 * paused parser meets the connection's end and Node's fetch crashes the process with an error
 * nothing can catch; drained, every byte arrives.
 */

let server: Server | null = null;
afterEach(() => server?.close());

function closingServer(body: Buffer, onSent: () => void): Promise<string> {
  server = createServer((socket) => {
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.end(body, onSent);
    });
  });
  return new Promise((resolve) => {
    server!.listen(0, '127.0.0.1', () => {
      const address = server!.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    });
  });
}

describe('drainBody', () => {
  it('keeps every byte of an answer whose connection closed before it was read', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 0x61);
    let sent = false;
    const url = await closingServer(body, () => (sent = true));
    const response = await fetch(url);
    const chunks = drainBody(response.body!);
    // The whole answer and the connection's end reach this side before anything is read here.
    // Read straight from fetch's stream instead, the paused parser stops the server's sending
    // short of 8 MB and this wait times out.
    await waitUntil(() => sent, 'the server to send everything and close');
    let received = 0;
    for await (const chunk of chunks) received += chunk.byteLength;
    expect(received).toBe(body.length);
  });

  it('hands out what arrived, then the error, when the answer is cut short', async () => {
    const body = Buffer.alloc(1000, 0x62);
    server = createServer((socket) => {
      socket.once('data', () => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length * 2}\r\n\r\n`);
        socket.end(body);
      });
    });
    const url = await new Promise<string>((resolve) =>
      server!.listen(0, '127.0.0.1', () => {
        const address = server!.address();
        resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
      }),
    );
    const response = await fetch(url);
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of drainBody(response.body!)) received += chunk.byteLength;
      })(),
    ).rejects.toThrow();
    expect(received).toBe(body.length);
  });
});
