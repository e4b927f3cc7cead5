import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { RequestError } from '@hono/node-server';
import { buildEnvelope } from './errorEnvelope.js';

/*
 * Requests refused before the app sees them still get Label Studio's error envelope: the node
 * adapter refuses a request it cannot turn into a URL (a backslash in the path) and Node's parser
 * one it cannot read (a request line and headers over 16 KB); both answered with an empty body.
 */

function envelopeResponse(status: number, detail: string): Response {
  return new Response(JSON.stringify(buildEnvelope(status, detail)), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The adapter's errorHandler: its own RequestError is the client's fault (400), anything else a 500. */
export function answerAdapterError(error: unknown): Response {
  if (error instanceof RequestError) return envelopeResponse(400, `Bad request: ${error.message}.`);
  console.error('outpost: unhandled error before the app:', error);
  return envelopeResponse(500, 'Internal server error. The details are in the Outpost log.');
}

/** The statuses Node itself would answer with for these parser errors. */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** The server's 'clientError' listener: Node's answer, with the envelope as its body. */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = clientErrorStatus(error.code);
  const detail = status === 431 ? 'Request line and headers are too large.' : `Bad request: ${STATUS_CODES[status]}.`;
  // A HEAD request's answer has no body: the client would read the envelope as a broken next answer.
  const isHead = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  const body = isHead ? '' : JSON.stringify(buildEnvelope(status, detail));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
