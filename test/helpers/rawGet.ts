import { request as httpRequest } from 'node:http';

/**
 * One GET of `path` on the server at `url`, sent as written: no client-side dot-segment removal or
 * re-encoding, and exactly the headers given (a `Host` here replaces the real one).
 */
export function rawGet(url: string, path: string, headers: Record<string, string> = {}) {
  const target = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path, headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
