import { readFileSync } from 'node:fs';
import { constants, deflateSync, gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeGrayPng } from '../../electron/core/domain/export/formats/brush/pngEncode.js';

/**
 * Masks and the PNG files Pillow 13 (with Python's zlib 1.2.13) wrote for them, recorded once
 * (test/fixtures/export/pillowPng.json.gz): noise, blocks, sparse dots, one pixel, a full mask, and
 * two large ones whose data spans several IDAT chunks.
 */
const CORPUS = JSON.parse(
  gunzipSync(readFileSync(new URL('../fixtures/export/pillowPng.json.gz', import.meta.url))).toString('utf8'),
) as { width: number; height: number; pixels: string; png: string }[];

describe('BRUSH_TO_PNG files', () => {
  it('are the bytes Pillow writes for the same mask', () => {
    expect(CORPUS.length).toBe(40);
    const wrong = CORPUS.filter(
      (item) =>
        !encodeGrayPng(item.width, item.height, Buffer.from(item.pixels, 'base64')).equals(
          Buffer.from(item.png, 'base64'),
        ),
    ).map((item) => `${item.width}x${item.height}`);
    expect(wrong).toEqual([]);
  });

  it("need pako: Node's own zlib compresses some of the rows Pillow filtered to other bytes", () => {
    // Why no generic encoder (they compress with Node's zlib): the same rows, zlib's same settings.
    const differing = CORPUS.filter((item) => {
      const pillowStream = idatStream(Buffer.from(item.png, 'base64'));
      const nodeStream = deflateSync(inflateSync(pillowStream), {
        level: 6,
        memLevel: 9,
        strategy: constants.Z_FILTERED,
        windowBits: 15,
      });
      return !nodeStream.equals(pillowStream);
    });
    expect(differing.length).toBeGreaterThan(0);
  });
});

/** The zlib stream of a PNG: its IDAT chunks' data, joined. */
function idatStream(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset)) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'IDAT')
      parts.push(png.subarray(offset + 8, offset + 8 + length));
  }
  return Buffer.concat(parts);
}
