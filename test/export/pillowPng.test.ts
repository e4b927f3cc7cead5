import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
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
});
