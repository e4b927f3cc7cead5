import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile } from '../../electron/core/sync/media/downloadFile.js';
import { cacheFileName, classifyReference } from '../../electron/core/sync/media/mediaRefs.js';
import { encodeFileUri, openerFor } from '../../electron/core/sync/media/openMedia.js';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';
import type { SyncContext } from '../../electron/core/sync/syncTypes.js';

/*
 * Cloud-storage references go through the remote's resolve endpoint. This server stands in for
 * Label Studio's (`GET /tasks/<id>/resolve/?fileuri=<URL-safe base64, padded>`, answered with a
 * 303 to a presigned URL on another origin), decoding as strictly as Python does, so the test
 * needs no bucket.
 */

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

describe('storage references through the resolve endpoint', () => {
  const bytes = Buffer.from('presigned bytes of the cat picture');
  const seen: { resolved?: string; resolveAuth?: string; bucketAuth?: string | undefined } = {};
  let bucket: Awaited<ReturnType<typeof listen>>;
  let resolver: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    bucket = await listen((req, res) => {
      seen.bucketAuth = req.headers.authorization;
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': bytes.length }).end(bytes);
    });
    resolver = await listen((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      const match = /^\/tasks\/(\d+)\/resolve\/$/.exec(url.pathname);
      const fileuri = url.searchParams.get('fileuri') ?? '';
      if (!match || !/^[A-Za-z0-9_-]*={0,2}$/.test(fileuri) || fileuri.length % 4 !== 0) {
        res.writeHead(400).end();
        return;
      }
      seen.resolved = Buffer.from(fileuri, 'base64url').toString('utf8');
      seen.resolveAuth = req.headers.authorization;
      if (match[1] !== '42') res.writeHead(404).end();
      else res.writeHead(303, { Location: `${bucket.url}/presigned/cat.png?sig=1` }).end();
    });
  });
  afterAll(async () => {
    await resolver?.close();
    await bucket?.close();
  });

  const ctxFor = () =>
    ({
      client: createRemoteClient({ url: resolver.url, token: 'f'.repeat(40) }),
      signal: undefined,
    }) as unknown as SyncContext;

  it('downloads through the presigned URL without sending the token there', async () => {
    const uri = 's3://bucket/photos/cat ü.png';
    const ref = classifyReference(uri, resolver.url, 42)!;
    expect(ref.kind).toBe('storage');
    const target = join(mkdtempSync(join(tmpdir(), 'outpost-media-')), cacheFileName(uri));
    const result = await downloadFile(openerFor(ref, ctxFor(), fetch), target);
    expect(result.size).toBe(bytes.length);
    expect(readFileSync(target).equals(bytes)).toBe(true);
    expect(seen.resolved).toBe(uri);
    expect(seen.resolveAuth).toBe(`Token ${'f'.repeat(40)}`);
    expect(seen.bucketAuth).toBeUndefined();
  });

  it('fails with the 404 when the remote cannot resolve it', async () => {
    const ref = classifyReference('gs://bucket/x.jpg', resolver.url, 7)!;
    const target = join(mkdtempSync(join(tmpdir(), 'outpost-media-')), 'x.jpg');
    await expect(downloadFile(openerFor(ref, ctxFor(), fetch), target)).rejects.toMatchObject({ status: 404 });
  });

  it('encodes as padded URL-safe base64 and names files safely', () => {
    expect(encodeFileUri('s3://b/k?>')).toBe('czM6Ly9iL2s_Pg==');
    expect(cacheFileName('/data/local-files/?d=folder/sub%20dir/a b.JPG')).toMatch(/^[0-9a-f]{16}-a_b\.JPG$/);
    expect(cacheFileName('https://example.org/')).toMatch(/^[0-9a-f]{16}-file$/);
    expect(cacheFileName('x')).not.toBe(cacheFileName('y'));
    const remoteUrl = 'http://remote.example:8080';
    expect(classifyReference('/data/upload/3/abc-x.png', remoteUrl, 1)).toMatchObject({ kind: 'remote' });
    expect(classifyReference(`${remoteUrl}/data/upload/3/abc-x.png?a=1`, remoteUrl, 1)).toMatchObject({
      kind: 'remote',
      remotePath: '/data/upload/3/abc-x.png?a=1',
    });
    expect(classifyReference('https://cdn.example/x.png', remoteUrl, 1)).toMatchObject({ kind: 'web' });
    expect(classifyReference('azure-blob://c/x.png', remoteUrl, 1)).toMatchObject({ kind: 'storage' });
    expect(classifyReference('just some text', remoteUrl, 1)).toBeNull();
    expect(classifyReference('mailto:someone@example.org', remoteUrl, 1)).toBeNull();
  });
});
