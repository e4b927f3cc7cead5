import { join } from 'node:path';
import type { Context } from 'hono';
import type { ImportSource } from '../domain/imports/importTasks.js';
import type { AppEnv } from './appEnv.js';
import { receiveMultipart } from './multipartUploads.js';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from './requestBody.js';

/**
 * The raw body as one Buffer without the usual extra copies: a body that arrives as one chunk
 * (in-process requests) is used as is, and a declared length is filled in place as chunks come,
 * so a 100 MB import never holds the chunks and their concatenation at once.
 */
export async function readBodyBytes(request: Request, limitBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limitBytes) throw new PayloadTooLargeError(limitBytes);
  if (!request.body) return Buffer.alloc(0);
  let first: Buffer | null = null;
  let sized: Buffer | null = null;
  let filled = 0;
  const rest: Buffer[] = [];
  let total = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (total + bytes.byteLength > limitBytes) throw new PayloadTooLargeError(limitBytes);
    total += bytes.byteLength;
    if (first === null) {
      first = bytes;
      filled = bytes.byteLength;
    } else if (rest.length === 0 && Number.isSafeInteger(declared) && total <= declared) {
      if (!sized) {
        sized = Buffer.allocUnsafe(declared);
        first.copy(sized, 0);
        first = sized;
      }
      bytes.copy(sized, filled);
      filled += bytes.byteLength;
    } else rest.push(bytes);
  }
  if (first === null) return Buffer.alloc(0);
  const head = first.subarray(0, filled);
  return rest.length === 0 ? head : Buffer.concat([head, ...rest], total);
}

/**
 * Which of the three import modes a request is (docs/label-studio-compatibility.md#import), in Label Studio's order: files in a
 * multipart body, then a url-encoded `url`, then a JSON body; anything else has no data. Other
 * media types with a body are a 415.
 */
export async function readImportSource(c: Context<AppEnv>): Promise<ImportSource> {
  const deps = c.get('deps');
  const contentType = c.req.header('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'multipart/form-data') {
    const incoming = join(deps.uploadsDir, '.incoming');
    const received = await receiveMultipart(c.req.raw.body, contentType, incoming, deps.bodyLimitBytes);
    return received.files.length > 0 ? { kind: 'files', files: received.files } : { kind: 'none' };
  }
  const bytes = await readBodyBytes(c.req.raw, deps.bodyLimitBytes);
  if (mediaType === 'application/x-www-form-urlencoded') {
    // Django's QueryDict.get: a repeated key gives its last value.
    const values = new URLSearchParams(bytes.toString('utf8')).getAll('url');
    return { kind: 'url', url: values.length > 0 ? values[values.length - 1]! : null };
  }
  if (mediaType === 'application/json') {
    // DRF reads an empty JSON body as {}: one task with empty data.
    return { kind: 'json', bytes: bytes.byteLength === 0 ? Buffer.from('{}') : bytes };
  }
  if (bytes.byteLength > 0) throw new UnsupportedMediaTypeError(mediaType || contentType);
  return { kind: 'none' };
}
