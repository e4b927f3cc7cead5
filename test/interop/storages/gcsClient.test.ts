import { describe, expect, it } from 'vitest';
import { createGcsClient } from '../../../electron/core/storages/clients/gcsClient.js';
import { StorageError, type StorageConfig } from '../../../electron/core/storages/storageClient.js';
import { newBucket, serviceAccountJson, useFakeGcs } from './gcsRig.js';

/*
 * The GCS client on its own against fake-gcs-server: what the media proxy and the sync ask of it
 * beyond the API tests (streaming an object a URI names, the read limit, paging past one page of
 * a listing, presigned URLs), and that every failure is a StorageError.
 */

const gcs = useFakeGcs();

function clientOf(fields: Record<string, unknown>, recursive = false) {
  const config: StorageConfig = { type: 'gcs', direction: 'import', fields, regexFilter: null, recursive };
  return createGcsClient(config);
}

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Runs `work` with STORAGE_EMULATOR_HOST unset (talking to the real GCS endpoint, or not at all). */
async function withoutEmulator<T>(work: () => Promise<T>): Promise<T> {
  const emulator = process.env.STORAGE_EMULATOR_HOST;
  delete process.env.STORAGE_EMULATOR_HOST;
  try {
    return await work();
  } finally {
    if (emulator === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = emulator;
  }
}

describe('GCS storage client', () => {
  it('names, recognizes, opens and reads objects', async () => {
    const bucket = await newBucket(gcs());
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    await gcs().putObject(bucket, 'media/photo one.png', bytes, 'image/png');
    const client = clientOf({ bucket, google_application_credentials: serviceAccountJson() });

    const uri = client.uriOf('media/photo one.png');
    expect(uri).toBe(`gs://${bucket}/media/photo one.png`);
    expect(client.canResolve(uri)).toBe(true);
    expect(client.canResolve(`gs://other-bucket/media/photo one.png`)).toBe(false);
    expect(client.canResolve(`s3://${bucket}/media/photo one.png`)).toBe(false);
    expect(client.canResolve(`gs://${bucket}`)).toBe(false);

    const opened = await client.open(uri);
    expect(opened.contentType).toBe('image/png');
    expect(opened.size).toBe(bytes.length);
    expect(await bytesOf(opened.body as AsyncIterable<Buffer>)).toEqual(bytes);
    expect(opened).toMatchObject({ status: 200, contentRange: `bytes 0-8/9` });
    expect(opened.etag).toBeTruthy();
    expect(opened.lastModified).toBeInstanceOf(Date);

    // Ranges as get_bytes_stream sends them on: as asked, capped at the end, a header probe gets two bytes.
    for (const [range, start, end] of [
      ['bytes=2-4', 2, 4],
      ['bytes=6-', 6, 8],
      ['bytes=3-100', 3, 8],
      ['bytes=0-', 0, 1],
    ] as const) {
      const part = await client.open(uri, undefined, range);
      expect(part, range).toMatchObject({
        status: 206,
        contentRange: `bytes ${start}-${end}/9`,
        size: end - start + 1,
      });
      expect(await bytesOf(part.body as AsyncIterable<Buffer>)).toEqual(bytes.subarray(start, end + 1));
    }
    expect(await client.open(uri, undefined, 'bytes=0-9')).toMatchObject({ status: 200, size: 9 });
    await expect(client.open(uri, undefined, 'bytes=9-')).rejects.toBeInstanceOf(StorageError);

    expect(await client.read('media/photo one.png', bytes.length)).toEqual(bytes);
    await expect(client.read('media/photo one.png', 4)).rejects.toThrow(
      new StorageError(`File "media/photo one.png" is larger than 4 bytes.`),
    );
    const missing = client.open(`gs://${bucket}/media/nothing.png`);
    await expect(missing).rejects.toBeInstanceOf(StorageError);
    await expect(missing).rejects.toThrow(/^404 /);
    await expect(client.read('media/nothing.png', 100)).rejects.toBeInstanceOf(StorageError);
    await client.close();
  });

  it('lists past the first page, in key order', async () => {
    const bucket = await newBucket(gcs());
    const keys = Array.from({ length: 1005 }, (_, index) => `many/${String(index).padStart(4, '0')}.json`);
    for (let start = 0; start < keys.length; start += 25) {
      await Promise.all(keys.slice(start, start + 25).map((key) => gcs().putObject(bucket, key, '{}')));
    }
    const listed: string[] = [];
    for await (const object of clientOf({ bucket, prefix: 'many' }).list()) {
      expect(object.size).toBe(2);
      expect(object.lastModified).toMatch(/^\d{4}-\d\d-\d\dT/);
      listed.push(object.key);
    }
    expect(listed).toEqual(keys);
  });

  it('presigns with the key against real GCS, and leaves emulators and TTLs past 7 days to the proxy', async () => {
    const bucket = await newBucket(gcs());
    const uri = `gs://${bucket}/media/photo one.png`;
    const key = serviceAccountJson();
    // A client settles its endpoint on first use, so each case below gets its own.
    const presign = (target: string, ttl: number) =>
      clientOf({ bucket, google_application_credentials: key }).presignedUrl(target, ttl);
    expect(await presign(uri, 60)).toBeNull();
    // Signed locally with the key: no request leaves the machine.
    const signed = await withoutEmulator(() => presign(uri, 60));
    expect(signed).toMatch(
      new RegExp(
        `^https://storage\\.googleapis\\.com/${bucket}/media/photo%20one\\.png\\?X-Goog-Algorithm=GOOG4-RSA-SHA256&`,
      ),
    );
    const query = new URL(signed!).searchParams;
    expect(query.get('X-Goog-Expires')).toBe('60');
    expect(query.get('X-Goog-Credential')).toMatch(/^outpost-gcs-test@outpost-interop\.iam\.gserviceaccount\.com\//);
    expect(await withoutEmulator(() => presign(uri, 8 * 24 * 3600))).toBeNull();
    expect(await withoutEmulator(() => presign(uri, 0))).toBeNull();
    expect(await withoutEmulator(() => presign('s3://bucket/key', 60))).toBeNull();
  });

  it('turns every failure into a StorageError', async () => {
    const refused = clientOf({ bucket: 'no-such-bucket' });
    await expect(refused.validate()).rejects.toBeInstanceOf(StorageError);
    await expect(refused.write('1', '{}')).rejects.toBeInstanceOf(StorageError);
    await expect(
      (async () => {
        for await (const object of refused.list()) void object;
      })(),
    ).rejects.toBeInstanceOf(StorageError);
    // A missing object is no error for remove (the annotation's object may never have been written).
    const bucket = await newBucket(gcs());
    await expect(clientOf({ bucket }).remove('404')).resolves.toBeUndefined();
    await expect(
      clientOf({ bucket, google_application_credentials: '{' }).list()[Symbol.asyncIterator]().next(),
    ).rejects.toThrow(/^Google Application Credentials must be valid JSON string\./);
  });
});
