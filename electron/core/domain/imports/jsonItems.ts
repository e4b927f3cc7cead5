import { jsonDepthError, MAX_JSON_DEPTH, tooDeepMessage } from '../jsonDepth.js';
import { pythonJsonError } from '../../../../shared/api/pythonJsonError.js';
import { TASKS_MAX_NUMBER } from './importContext.js';

/**
 * A JSON document read item by item. A top-level list is cut into its elements' byte ranges
 * without parsing it, so a 100 MB body is never held as one string plus one object tree: each
 * element is parsed on its own when its turn comes, and its text can be stored as is.
 */
export interface JsonItems {
  /** 'list' for `[...]`, 'object' for one `{...}`, 'other' for any other JSON value. */
  kind: 'list' | 'object' | 'other';
  count: number;
  /** The parsed item and its exact source text. */
  item(index: number): { value: unknown; text: string };
  /** The whole value, for kind 'other' (strings, numbers, null...). */
  value?: unknown;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

class ScanError extends Error {}

/** Position just after the string starting at `start` (an opening quote). */
function skipString(bytes: Buffer, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, at);
    if (quote < 0) throw new ScanError();
    let slashes = 0;
    while (bytes[quote - 1 - slashes] === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** Position just after the value starting at `start`; nesting is counted, not checked (JSON.parse does). */
function skipValue(bytes: Buffer, start: number): number {
  const first = bytes[start];
  if (first === QUOTE) return skipString(bytes, start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let at = start;
    while (at < bytes.length) {
      const byte = bytes[at];
      if (byte === COMMA || byte === CLOSE_BRACKET || byte === CLOSE_BRACE || isSpace(byte)) break;
      at += 1;
    }
    if (at === start) throw new ScanError();
    return at;
  }
  let depth = 0;
  let at = start;
  while (at < bytes.length) {
    const byte = bytes[at]!;
    if (byte === QUOTE) {
      at = skipString(bytes, at);
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) throw new JsonSyntaxError(tooDeepMessage(String.fromCharCode(byte)));
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
    at += 1;
  }
  throw new ScanError();
}

function skipSpace(bytes: Buffer, start: number): number {
  let at = start;
  while (isSpace(bytes[at])) at += 1;
  return at;
}

/** Thrown with the message JSON.parse gives for the whole document, as DRF's parser reports it. */
export class JsonSyntaxError extends Error {}

function parseWhole(text: string): unknown {
  const tooDeep = jsonDepthError(text);
  if (tooDeep) throw new JsonSyntaxError(tooDeep);
  try {
    return JSON.parse(text);
  } catch (error) {
    // Python's wording, as Label Studio's json.loads reports it.
    throw new JsonSyntaxError(pythonJsonError(text) ?? (error as Error).message);
  }
}

/** A document the scanner cannot cut (or whose element does not parse) is parsed whole: same result or error. */
function fromWholeValue(value: unknown): JsonItems {
  const list = Array.isArray(value) ? value : null;
  const kind = list ? 'list' : typeof value === 'object' && value !== null ? 'object' : 'other';
  const items = list ?? [value];
  return {
    kind,
    count: kind === 'other' ? 0 : items.length,
    value,
    item: (index) => ({ value: items[index], text: JSON.stringify(items[index]) }),
  };
}

/**
 * Cuts a JSON document into items. Throws JsonSyntaxError for malformed JSON. Past
 * TASKS_MAX_NUMBER elements only the count goes on (for the "Maximum task number" message).
 */
export function readJsonItems(bytes: Buffer): JsonItems {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const text = (start: number, end: number) => bytes.toString('utf8', start, end);
  try {
    let at = skipSpace(bytes, bom);
    if (bytes[at] !== OPEN_BRACKET && bytes[at] !== OPEN_BRACE)
      return fromWholeValue(parseWhole(text(bom, bytes.length)));
    const starts: number[] = [];
    const ends: number[] = [];
    let count = 0;
    if (bytes[at] === OPEN_BRACE) {
      const end = skipValue(bytes, at);
      starts.push(at);
      ends.push(end);
      count = 1;
      at = end;
    } else {
      at = skipSpace(bytes, at + 1);
      if (bytes[at] !== CLOSE_BRACKET) {
        for (;;) {
          const end = skipValue(bytes, at);
          if (count < TASKS_MAX_NUMBER + 1) {
            starts.push(at);
            ends.push(end);
          }
          count += 1;
          at = skipSpace(bytes, end);
          if (bytes[at] === CLOSE_BRACKET) break;
          if (bytes[at] !== COMMA) throw new ScanError();
          at = skipSpace(bytes, at + 1);
        }
      }
      at += 1;
    }
    if (skipSpace(bytes, at) !== bytes.length) throw new ScanError();
    const items: JsonItems = {
      kind: bytes[skipSpace(bytes, bom)] === OPEN_BRACE ? 'object' : 'list',
      count,
      item: (index) => {
        const itemText = text(starts[index]!, ends[index]!);
        try {
          return { value: JSON.parse(itemText) as unknown, text: itemText };
        } catch {
          // The element is malformed: the whole document's parse names the error and its position.
          return fromWholeValue(parseWhole(text(bom, bytes.length))).item(index);
        }
      },
    };
    return items;
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    return fromWholeValue(parseWhole(text(bom, bytes.length)));
  }
}
