import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pythonFloatRepr } from '../../shared/label-config/pythonValues.js';
import { ujsonFloatText } from '../../electron/core/domain/export/encode/pyFloat.js';

/**
 * `repr()` of 100,000 floats, written once by Python 3.11 (test/fixtures/pythonFloatRepr.txt.gz):
 * 50k float32-derived values in 0-1000 (as image coordinates are), 30k doubles from 1e-30 to
 * 1e30, 10k integral ones and 10k below 100. Python's repr round-trips, so each line is also the
 * input.
 */
const CORPUS = gunzipSync(readFileSync(new URL('../fixtures/pythonFloatRepr.txt.gz', import.meta.url)))
  .toString('utf8')
  .trimEnd()
  .split('\n');

describe("Python's float repr", () => {
  it('matches Python on all 100,000 values of the corpus', () => {
    expect(CORPUS).toHaveLength(100_000);
    const wrong = CORPUS.filter((text) => pythonFloatRepr(Number(text)) !== text);
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it("gives ujson the same digits, with ujson's unpadded exponent", () => {
    expect(ujsonFloatText(Number('167.75393676757812'))).toBe('167.75393676757812');
    expect(ujsonFloatText(1e21)).toBe('1e+21');
    expect(ujsonFloatText(-2.5e-7)).toBe('-2.5e-7');
  });
});
