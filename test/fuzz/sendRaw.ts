import { request as httpRequest } from 'node:http';
import type { FuzzRequest } from './hostileRequest.js';

export interface RawResponse {
  status: number;
  contentType: string;
  /** The first bytes of the body (enough to check an error envelope). */
  body: string;
  millis: number;
}

export type SendOutcome = RawResponse | { hang: true; millis: number } | { networkError: string; millis: number };

// Enough for any error envelope, even one that quotes a 200 kB item back.
const KEPT_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Sends the request target as is (fetch would normalize `..` and encode what it finds) and waits
 * at most `timeoutMillis` for the whole answer: longer is a hang.
 */
export function sendRaw(baseUrl: string, request: FuzzRequest, timeoutMillis: number): Promise<SendOutcome> {
  const url = new URL(baseUrl);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers, Connection: 'close' };
    if (request.body) headers['Content-Length'] = String(request.body.length);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: request.method,
      path: request.target,
      headers,
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ hang: true, millis: elapsed() });
    }, timeoutMillis);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < KEPT_BODY_BYTES) chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          millis: elapsed(),
        });
      });
      res.on('error', (error) => {
        clearTimeout(timer);
        resolve({ networkError: error.message, millis: elapsed() });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve({ networkError: error.message, millis: elapsed() });
    });
    req.end(request.body ?? undefined);
  });
}
