import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '../domain/errors.js';
import { checkTotalFileSize } from '../domain/imports/importContext.js';
import { PayloadTooLargeError } from './requestBody.js';

/** A file part, already written to a temporary file next to the uploads. */
export interface ReceivedFile {
  field: string;
  name: string;
  tempPath: string;
  size: number;
}

export interface ReceivedMultipart {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PARTS = 10_000;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function parseError(why: string): DomainError {
  return new DomainError(400, `Multipart form parse error - ${why}`);
}

/** `Content-Disposition: form-data; name="x"; filename="a.csv"` (and RFC 5987 `filename*`). */
function parseDisposition(headers: string): { name: string; filename: string | null } {
  const line = headers.split('\r\n').find((header) => /^content-disposition\s*:/i.test(header)) ?? '';
  const params = new Map<string, string>();
  for (const match of line.matchAll(/;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const raw = match[2]!.trim();
    params.set(match[1]!.toLowerCase(), raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  const extended = /^utf-8''(.*)$/i.exec(params.get('filename*') ?? '');
  let filename = params.get('filename') ?? null;
  if (extended) {
    try {
      filename = decodeURIComponent(extended[1]!);
    } catch {
      // A malformed extended name leaves the plain one.
    }
  }
  return { name: params.get('name') ?? '', filename };
}

/**
 * Streams a multipart body to disk: each file part goes straight into its own temporary file in
 * `tempDir` (same volume as the uploads, so storing it is a rename), so a 250 MB upload costs a
 * few chunks of memory, not two copies of the body. Files totalling Label Studio's limit or more
 * are refused with its message (the rest of the body is read but not kept, up to twice the limit,
 * to name the real total); temporary files are removed on any failure.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  tempDir: string,
  limitBytes: number,
): Promise<ReceivedMultipart> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let pending: Buffer = CRLF;
  let state: 'preamble' | 'boundary' | 'headers' | 'body' | 'done' = 'preamble';
  let part: { name: string; file: ReceivedFile | null; handle: FileHandle | null; text: Buffer[] } | null = null;
  let fileBytes = 0;
  let totalBytes = 0;
  // Past the limit the rest is only counted, so the message can name the real total.
  let overLimit = false;
  const emit = async (data: Buffer) => {
    if (!part || data.byteLength === 0) return;
    if (part.file) {
      fileBytes += data.byteLength;
      part.file.size += data.byteLength;
      if (fileBytes >= limitBytes) overLimit = true;
      if (!overLimit && part.handle) await part.handle.write(data);
    } else part.text.push(Buffer.from(data));
  };
  const endPart = async () => {
    if (!part) return;
    if (part.handle) await part.handle.close();
    else if (!part.file) fields[part.name] = Buffer.concat(part.text).toString('utf8');
    part = null;
  };
  try {
    for await (const chunk of (body ?? []) as AsyncIterable<Uint8Array>) {
      totalBytes += chunk.byteLength;
      if (totalBytes > 2 * limitBytes + 1024 * 1024) throw new PayloadTooLargeError(limitBytes);
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      pending = pending.byteLength === 0 ? bytes : Buffer.concat([pending, bytes]);
      for (;;) {
        if (state === 'preamble' || state === 'body') {
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            // Keep what could be the start of a delimiter split across chunks.
            const safe = Math.max(0, pending.byteLength - delimiter.byteLength + 1);
            if (state === 'body') await emit(pending.subarray(0, safe));
            pending = pending.subarray(safe);
            break;
          }
          if (state === 'body') {
            await emit(pending.subarray(0, at));
            await endPart();
          }
          pending = pending.subarray(at + delimiter.byteLength);
          state = 'boundary';
        } else if (state === 'boundary') {
          if (pending.byteLength < 2) break;
          if (pending[0] === 0x2d && pending[1] === 0x2d) {
            state = 'done';
            break;
          }
          const lineEnd = pending.indexOf(CRLF);
          if (lineEnd < 0) break;
          // Transport padding (spaces or tabs) may follow a boundary before its line ends.
          if (!/^[ \t]*$/.test(pending.subarray(0, lineEnd).toString('latin1'))) throw parseError('Invalid boundary');
          pending = pending.subarray(lineEnd + 2);
          state = 'headers';
        } else if (state === 'headers') {
          const at = pending.indexOf(HEADER_END);
          if (at < 0) {
            if (pending.byteLength > MAX_HEADER_BYTES) throw parseError('Part headers are too large');
            break;
          }
          const { name, filename } = parseDisposition(pending.subarray(0, at).toString('utf8'));
          pending = pending.subarray(at + HEADER_END.byteLength);
          if (files.length + Object.keys(fields).length >= MAX_PARTS) throw parseError('Too many parts');
          // A file input left empty sends `filename=""`: Django ignores such a part.
          if (filename === null) part = { name, file: null, handle: null, text: [] };
          else if (filename === '')
            part = { name, file: { field: name, name: '', tempPath: '', size: 0 }, handle: null, text: [] };
          else if (overLimit)
            part = { name, file: { field: name, name: filename, tempPath: '', size: 0 }, handle: null, text: [] };
          else {
            mkdirSync(tempDir, { recursive: true });
            const file: ReceivedFile = { field: name, name: filename, tempPath: join(tempDir, randomUUID()), size: 0 };
            files.push(file);
            part = { name, file, handle: await open(file.tempPath, 'w'), text: [] };
          }
          state = 'body';
        } else break;
      }
      if (state === 'done') break;
    }
    if (state !== 'done') throw parseError('The body ended before the closing boundary');
    if (overLimit) checkTotalFileSize(limitBytes, fileBytes);
    return { files, fields };
  } catch (error) {
    const current = part as { handle: FileHandle | null } | null;
    await current?.handle?.close().catch(() => undefined);
    for (const file of files) rmSync(file.tempPath, { force: true });
    throw error;
  }
}
