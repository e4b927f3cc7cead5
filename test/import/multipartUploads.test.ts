import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveMultipart } from '../../electron/core/server/multipartUploads.js';

const BOUNDARY = '----outpost-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function body(parts: { name: string; filename?: string; content: string | Buffer }[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    pieces.push(Buffer.from(part.content));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** A stream that hands the body out in chunks of the given size, so delimiters straddle chunks. */
function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
        at += size;
      }
    },
  });
}

describe('receiveMultipart', () => {
  it('writes file parts to temporary files whatever the chunking', async () => {
    const content = Buffer.from(`line\r\n--${BOUNDARY.slice(0, 10)} not a boundary\r\n`.repeat(50));
    const bytes = body([
      { name: 'url', content: 'https://x' },
      { name: 'file', filename: 'dir/a b.csv', content },
      { name: 'empty', filename: '', content: '' },
    ]);
    for (const size of [1, 7, 64, bytes.length]) {
      const dir = mkdtempSync(join(tmpdir(), 'outpost-multipart-'));
      const received = await receiveMultipart(chunked(bytes, size), CONTENT_TYPE, dir, 1_000_000);
      // Like Django, a part whose filename is empty (a file input left empty) is a field.
      expect(received.fields).toEqual({ url: 'https://x', empty: '' });
      expect(received.files).toHaveLength(1);
      expect(received.files[0]).toMatchObject({ field: 'file', name: 'dir/a b.csv', size: content.length });
      expect(readFileSync(received.files[0]!.tempPath)).toEqual(content);
    }
  });

  it('refuses truncated bodies and too large files, removing what it wrote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-multipart-'));
    const bytes = body([{ name: 'file', filename: 'a.txt', content: 'x'.repeat(100) }]);
    await expect(receiveMultipart(chunked(bytes.subarray(0, 90), 16), CONTENT_TYPE, dir, 1000)).rejects.toThrow(
      /Multipart form parse error/,
    );
    await expect(receiveMultipart(chunked(bytes, 16), CONTENT_TYPE, dir, 50)).rejects.toThrow('Validation error');
    expect(readdirSync(dir)).toEqual([]);
  });
});
