import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pythonJsonError } from '../../shared/api/pythonJsonError.js';

/** Messages recorded once from Python 3.11's json.loads (test/fixtures/pythonJsonErrors.json). */
const CORPUS = JSON.parse(readFileSync(new URL('../fixtures/pythonJsonErrors.json', import.meta.url), 'utf8')) as {
  input: string;
  message: string;
}[];

describe("Python's JSON error messages", () => {
  it('match json.loads on a corpus of 400 broken documents', () => {
    expect(CORPUS.length).toBe(400);
    const wrong = CORPUS.filter((item) => pythonJsonError(item.input) !== item.message);
    expect(wrong.map((item) => ({ ...item, got: pythonJsonError(item.input) }))).toEqual([]);
  });

  it('pass valid documents, and refuse what DRF refuses after Python parsed it', () => {
    expect(pythonJsonError('{"a": [1, -2.5e3, "\\u00e9"]}')).toBeNull();
    expect(pythonJsonError('[NaN]')).toBe("Out of range float values are not JSON compliant: 'NaN'");
    expect(pythonJsonError('-Infinity')).toBe("Out of range float values are not JSON compliant: '-Infinity'");
  });
});
