/*
 * Whether a stored JSON text is already exactly what `JSON.stringify(JSON.parse(text))` gives back.
 * Outpost stores task data, results and meta as JSON.stringify output, so almost every stored text
 * passes, and the export can then write the text itself instead of parsing and re-encoding it.
 * The check is strict: anything it is not sure of (an escape other than the short ones, a number
 * not in JavaScript's own spelling, a key that looks like an array index and so would move to the
 * front, a duplicated key, deep nesting, invalid JSON) answers false and the caller takes the slow
 * path, which behaves exactly as before (including throwing on invalid JSON).
 */

/**
 * A string literal as JSON.stringify writes it: raw characters except `"`, `\`, control characters
 * and lone surrogates; the only escapes are the two-character ones it uses (no `\/`, no `\uXXXX`).
 * Written as runs of plain characters between escapes and pairs, so matching never backtracks.
 */
const STRING =
  /"[\x20\x21\x23-\x5b\x5d-\ud7ff\ue000-\uffff]*(?:(?:[\ud800-\udbff][\udc00-\udfff]|\\["\\bfnrt])[\x20\x21\x23-\x5b\x5d-\ud7ff\ue000-\uffff]*)*"/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;
/** Integer-like keys are reordered by JavaScript objects; any key starting with a digit bails. */
const DIGIT_FIRST_KEY = /^"[0-9]/;
const MAX_DEPTH = 64;
/** Duplicates are found by comparing raw keys (canonical escapes make raw and decoded equality agree). */
const MAX_KEYS_CHECKED = 64;

function matchAt(pattern: RegExp, text: string, pos: number): number {
  pattern.lastIndex = pos;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

function scanNumber(text: string, pos: number): number {
  const end = matchAt(NUMBER, text, pos);
  if (end < 0) return -1;
  const token = text.slice(pos, end);
  // JSON.stringify writes numbers as String(number): `1.0`, `1e5`, `-0` and too-large integers differ.
  return String(Number(token)) === token ? end : -1;
}

function scanObject(text: string, pos: number, depth: number): number {
  let at = pos + 1;
  if (text.charCodeAt(at) === 0x7d) return at + 1;
  const keys: string[] = [];
  for (;;) {
    const keyEnd = matchAt(STRING, text, at);
    if (keyEnd < 0) return -1;
    const key = text.slice(at, keyEnd);
    if (DIGIT_FIRST_KEY.test(key) || keys.length >= MAX_KEYS_CHECKED || keys.includes(key)) return -1;
    keys.push(key);
    if (text.charCodeAt(keyEnd) !== 0x3a) return -1;
    at = scanValue(text, keyEnd + 1, depth + 1);
    if (at < 0) return -1;
    const next = text.charCodeAt(at);
    if (next === 0x7d) return at + 1;
    if (next !== 0x2c) return -1;
    at += 1;
  }
}

function scanArray(text: string, pos: number, depth: number): number {
  let at = pos + 1;
  if (text.charCodeAt(at) === 0x5d) return at + 1;
  for (;;) {
    at = scanValue(text, at, depth + 1);
    if (at < 0) return -1;
    const next = text.charCodeAt(at);
    if (next === 0x5d) return at + 1;
    if (next !== 0x2c) return -1;
    at += 1;
  }
}

/** The end of the canonical value starting at pos, or -1. */
function scanValue(text: string, pos: number, depth: number): number {
  if (depth > MAX_DEPTH) return -1;
  const first = text.charCodeAt(pos);
  if (first === 0x7b) return scanObject(text, pos, depth);
  if (first === 0x5b) return scanArray(text, pos, depth);
  if (first === 0x22) return matchAt(STRING, text, pos);
  if (first === 0x2d || (first >= 0x30 && first <= 0x39)) return scanNumber(text, pos);
  return matchAt(LITERAL, text, pos);
}

/** True when `JSON.stringify(JSON.parse(text)) === text` is certain; false when unsure. */
export function isCanonicalJson(text: string): boolean {
  return scanValue(text, 0, 0) === text.length;
}
