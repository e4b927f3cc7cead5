import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeNpyUint8 } from '../../electron/core/domain/export/formats/brush/npyEncode.js';

/**
 * What `np.save` wrote (NumPy 2.4.6, recorded by test/fixtures/export/recordNumpyNpy.py) for uint8
 * masks of these shapes, pixel i being (7i + 3) mod 256: the header, and the whole file's length
 * and SHA-256. Shapes whose height has 1 to 6 digits and whose header lands on each side of a
 * 64-byte boundary, and empty masks.
 */
const RECORDED = JSON.parse(readFileSync(new URL('../fixtures/export/numpyNpy.json', import.meta.url), 'utf8')) as {
  numpy: string;
  cases: { height: number; width: number; header: string; length: number; sha256: string }[];
};

describe('BRUSH_TO_NUMPY files', () => {
  it("are the bytes NumPy's np.save writes for the same mask", () => {
    expect(RECORDED.cases.length).toBe(16);
    for (const { height, width, header, length, sha256 } of RECORDED.cases) {
      const pixels = Uint8Array.from({ length: height * width }, (_, index) => (index * 7 + 3) % 256);
      const npy = encodeNpyUint8(height, width, pixels);
      const shape = `${height}x${width}`;
      expect(npy.subarray(0, header.length).toString('latin1'), shape).toBe(header);
      expect(npy.length, shape).toBe(length);
      expect(createHash('sha256').update(npy).digest('hex'), shape).toBe(sha256);
    }
  });
});
