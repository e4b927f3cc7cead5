import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boundingRect,
  contourArea,
  findExternalContours,
} from '../../electron/core/domain/export/formats/brush/findContours.js';
import { encodeNpyUint8 } from '../../electron/core/domain/export/formats/brush/npyEncode.js';
import { encodeGrayPng } from '../../electron/core/domain/export/formats/brush/pngEncode.js';
import { alphaChannel, decodeRle, decodeRleAlpha, rleBytes, RleDecodeError } from '../../shared/brush/rleDecode.js';
import { encodeRle, maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { IMAGE_FIXTURES } from '../helpers/imageExportContext.js';
import { decodeGrayPng } from '../helpers/pngDecode.js';

/** A worked example: the 2x1 mask [0, 255] as Python's encoder writes it (8 words: 4 x 0, 4 x 255). */
const WORKED_EXAMPLE = [0, 0, 0, 8, 57, 27, 252, 96, 17, 255, 128];

/** A @thi.ng/rle-pack style stream: one literal group of 8 words (flag 0, size index 0, count-1 = 7). */
function literalStream(words: number[]): number[] {
  let bits = (words.length >>> 0).toString(2).padStart(32, '0') + '00111' + '0010' + '0011' + '0111' + '1111';
  bits += '0' + '00' + (words.length - 1).toString(2).padStart(3, '0');
  for (const word of words) bits += word.toString(2).padStart(8, '0');
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2));
}

describe('brush RLE', () => {
  it('decodes the worked example to RGBA words and its alpha channel', () => {
    const words = decodeRle(rleBytes(WORKED_EXAMPLE));
    expect([...words]).toEqual([0, 0, 0, 0, 255, 255, 255, 255]);
    expect([...alphaChannel(words)]).toEqual([0, 255]);
    expect([...decodeRleAlpha(rleBytes(WORKED_EXAMPLE), 2, 1)]).toEqual([0, 255]);
  });

  it("encodes like the Python converter's mask2rle, and round-trips", () => {
    expect(maskToRle([0, 255])).toEqual(WORKED_EXAMPLE);
    const mask = Uint8Array.from({ length: 300 }, (_, index) => (index % 97 < 40 ? 255 : index % 7 === 0 ? 3 : 0));
    expect([...decodeRleAlpha(rleBytes(maskToRle(mask)), 30, 10)]).toEqual([...mask]);
    const long = new Uint8Array(70_000 * 4).fill(9);
    expect(decodeRle(rleBytes(encodeRle(long))).every((word) => word === 9)).toBe(true);
  });

  it('decodes literal groups (the frontend encoder) and ignores pad bits', () => {
    const words = [1, 2, 3, 4, 250, 251, 252, 253];
    expect([...decodeRle(rleBytes(literalStream(words)))]).toEqual(words);
    expect([...decodeRleAlpha(rleBytes(literalStream(words)), 2, 1)]).toEqual([4, 253]);
    expect([...decodeRle(rleBytes([...WORKED_EXAMPLE, 0, 0, 0]))]).toEqual([0, 0, 0, 0, 255, 255, 255, 255]);
  });

  it('clips a repeat run that overshoots the end, as the converter does', () => {
    // num = 4, then one repeat of 8 x 7 (count-1 = 7 in 3 bits).
    const bits = '0'.repeat(29) + '100' + '00111001000110111' + '1111' + '1' + '00' + '111' + '00000111';
    const bytes = bits
      .padEnd(Math.ceil(bits.length / 8) * 8, '0')
      .match(/.{8}/g)!
      .map((byte) => parseInt(byte, 2));
    expect([...decodeRle(Uint8Array.from(bytes))]).toEqual([7, 7, 7, 7]);
  });

  it('refuses corrupt streams with an RleDecodeError, never another error', () => {
    const corrupt: [unknown, string][] = [
      [WORKED_EXAMPLE.slice(0, 9), 'ends early'],
      [[], 'ends early'],
      [[0, 0, 1, 0], 'ends early'],
      ['abc', 'not a list'],
      [[0, 0, 0, 8, 57, 27, 252, 96, 17, 256], 'not a byte'],
      [[0, 0, 0, 8, 57, 27, 252, 96, 17, -1], 'not a byte'],
      [[0, 0, 0, 8, 57, 27, 252, 96, 17, 1.5], 'not a byte'],
      [literalStream([1, 2, 3, 4, 5, 6, 7, 8]).map((byte, index) => (index === 3 ? 4 : byte)), 'past the'],
    ];
    for (const [rle, message] of corrupt) {
      const attempt = () => decodeRle(rleBytes(rle));
      expect(attempt).toThrow(RleDecodeError);
      expect(attempt).toThrow(message);
    }
  });

  it('checks the word count against the image before allocating', () => {
    expect(() => decodeRleAlpha(rleBytes(WORKED_EXAMPLE), 3, 1)).toThrow('the image needs 12');
    // A header claiming 4 billion words is refused at once.
    expect(() => decodeRleAlpha(Uint8Array.from([255, 255, 255, 255, 57, 27, 252, 96]), 2, 1)).toThrow(RleDecodeError);
  });

  it('refuses words wider than a byte', () => {
    // word size 9 (header 01000), one literal word of 300.
    const bits =
      '0'.repeat(31) + '1' + '01000' + '0010001101111111' + '0' + '00' + '000' + (300).toString(2).padStart(9, '0');
    const bytes = bits
      .padEnd(Math.ceil(bits.length / 8) * 8, '0')
      .match(/.{8}/g)!
      .map((byte) => parseInt(byte, 2));
    expect(() => decodeRle(Uint8Array.from(bytes))).toThrow('does not fit a mask byte');
  });
});

describe('NPY and PNG encoders', () => {
  it('writes the NPY v1.0 header as NumPy does (128 bytes for small shapes)', () => {
    const npy = encodeNpyUint8(480, 640, new Uint8Array(480 * 640));
    const header = npy.subarray(0, 128).toString('latin1');
    expect(header).toBe(
      "\x93NUMPY\x01\x00v\x00{'descr': '|u1', 'fortran_order': False, 'shape': (480, 640), }" + ' '.repeat(54) + '\n',
    );
    expect(npy.length).toBe(128 + 480 * 640);
    const wide = encodeNpyUint8(100000, 1, new Uint8Array(100000));
    expect(wide.subarray(0, 128).toString('latin1')).toBe(
      "\x93NUMPY\x01\x00v\x00{'descr': '|u1', 'fortran_order': False, 'shape': (100000, 1), }" + ' '.repeat(53) + '\n',
    );
    expect(() => encodeNpyUint8(2, 2, new Uint8Array(3))).toThrow();
  });

  it('writes an 8-bit grayscale PNG whose pixels decode back', () => {
    const pixels = Uint8Array.from({ length: 12 * 5 }, (_, index) => (index * 37) % 256);
    const png = encodeGrayPng(12, 5, pixels);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const decoded = decodeGrayPng(png);
    expect([decoded.width, decoded.height, [...decoded.pixels]]).toEqual([12, 5, [...pixels]]);
  });
});

describe("OpenCV's findContours(RETR_EXTERNAL, CHAIN_APPROX_SIMPLE)", () => {
  it("gives OpenCV's answer: a 3x2 block at (2,1) has bbox [2,1,3,2] and area 2", () => {
    const mask = new Uint8Array(7 * 5);
    for (const [x, y] of [
      [2, 1],
      [3, 1],
      [4, 1],
      [2, 2],
      [3, 2],
      [4, 2],
    ] as const)
      mask[y * 7 + x] = 255;
    const [contour, ...rest] = findExternalContours(mask, 7, 5);
    expect(rest).toEqual([]);
    expect(contour).toEqual([
      [2, 1],
      [2, 2],
      [4, 2],
      [4, 1],
    ]);
    expect(boundingRect(contour!)).toEqual([2, 1, 3, 2]);
    expect(contourArea(contour!)).toBe(2);
  });

  it('matches OpenCV on 133 recorded masks (random, blobs, holes with islands)', () => {
    const recorded = JSON.parse(readFileSync(join(IMAGE_FIXTURES, 'contours.json'), 'utf8')) as {
      cases: { width: number; height: number; mask: number[]; contours: unknown[] }[];
    };
    for (const { width, height, mask, contours } of recorded.cases) {
      const found = findExternalContours(Uint8Array.from(mask), width, height).map((points) => ({
        points,
        bbox: boundingRect(points),
        area: contourArea(points),
      }));
      expect(found).toEqual(contours);
    }
  });
});
