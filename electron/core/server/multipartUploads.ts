import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { checkTotalFileSize } from '../domain/imports/importContext.js';
import { parseMultipart } from './multipartParser.js';
import { PayloadTooLargeError } from './bodyErrors.js';
import { nullRecord } from '../domain/nullRecord.js';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../db/fileModes.js';

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

/** The body's chunks, refused once they pass `maxBytes` in all. */
async function* capped(body: ReadableStream<Uint8Array> | null, maxBytes: number, limitBytes: number) {
  let total = 0;
  for await (const chunk of (body ?? []) as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new PayloadTooLargeError(limitBytes);
    yield chunk;
  }
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
  contentType: string,
  tempDir: string,
  limitBytes: number,
): Promise<ReceivedMultipart> {
  const files: ReceivedFile[] = [];
  const fields = nullRecord<string>();
  let fileBytes = 0;
  // Past the limit the rest is only counted, so the message can name the real total.
  let overLimit = false;
  const keepFile = async (field: string, name: string, stream: Readable) => {
    const file: ReceivedFile = { field, name, tempPath: join(tempDir, randomUUID()), size: 0 };
    files.push(file);
    mkdirSync(tempDir, { recursive: true, mode: OWNER_ONLY_DIR });
    // Owner-only from the start: the file is moved into the data folder as it is.
    const handle = await open(file.tempPath, 'w', OWNER_ONLY_FILE);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        fileBytes += chunk.byteLength;
        file.size += chunk.byteLength;
        if (fileBytes >= limitBytes) overLimit = true;
        if (!overLimit) await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
  };
  try {
    await parseMultipart(
      capped(body, 2 * limitBytes + 1024 * 1024, limitBytes),
      contentType,
      {
        field: (name, value) => (fields[name] = value),
        file: (field, name, _type, stream) => keepFile(field, name, stream),
      },
      limitBytes,
    );
    if (overLimit) checkTotalFileSize(limitBytes, fileBytes);
    return { files, fields };
  } catch (error) {
    for (const file of files) rmSync(file.tempPath, { force: true });
    throw error;
  }
}
