import { pythonFloatRepr } from '../../../../../shared/label-config/pythonValues.js';
import { isCanonicalJson } from './canonicalJson.js';
import { isPythonInt, PyFloat, pythonIntText, ujsonFloatText } from './pyFloat.js';

/**
 * How one of Python's JSON encoders writes text
 * (docs/export-formats.md#python-numbers-and-json-text).
 */
export interface JsonStyle {
  /** Non-ASCII as `\uXXXX` (lowercase hex, surrogate pairs above the BMP). */
  ensureAscii: boolean;
  /** ujson writes `/` as `\/`; the standard json module does not. */
  escapeSlash: boolean;
  /** Python's json escapes DEL (0x7f) when ensure_ascii is on; ujson never does. */
  escapeDel: boolean;
  /** 0 for one line; otherwise each member on its own line, indented this many spaces per level. */
  indent: number;
  itemSeparator: string;
  keySeparator: string;
  floatText(value: number): string;
}

/** `ujson.dumps(x, ensure_ascii=False)`: the easy-export body and CSV cells. */
export const UJSON_COMPACT: JsonStyle = {
  ensureAscii: false,
  escapeSlash: true,
  escapeDel: false,
  indent: 0,
  itemSeparator: ',',
  keySeparator: ':',
  floatText: ujsonFloatText,
};

/** `ujson.dump(x, indent=2, ensure_ascii=False)`: JSON_MIN records. */
export const UJSON_INDENT2: JsonStyle = { ...UJSON_COMPACT, indent: 2, keySeparator: ': ' };

/** `ujson.dump(x, indent=2)` with the default ensure_ascii: COCO result.json and notes.json. */
export const UJSON_INDENT2_ASCII: JsonStyle = { ...UJSON_INDENT2, ensureAscii: true };

/** `json.JSONEncoder(ensure_ascii=False)`: the snapshot file. */
export const PY_JSON: JsonStyle = {
  ensureAscii: false,
  escapeSlash: false,
  escapeDel: false,
  indent: 0,
  itemSeparator: ', ',
  keySeparator: ': ',
  floatText: pythonFloatRepr,
};

/** `json.dumps(x)` with its defaults: the ASR manifest lines. */
export const PY_JSON_ASCII: JsonStyle = { ...PY_JSON, ensureAscii: true, escapeDel: true };

const NEEDS_REWRITE = /[^\x20-\x2e\x30-\x7e]/;
const NOT_ASCII = /[\u0080-\uffff]/g;
const NOT_ASCII_OR_DEL = /[\u007f-\uffff]/g;

const SAFE_TEXT = /^[\x20\x21\x23-\x2e\x30-\x5b\x5d-\x7e]*$/;

/** A JSON string literal as the style writes it. */
export function encodeJsonString(text: string, style: JsonStyle): string {
  // Most strings (keys, dates, labels) need no escaping at all.
  if (text.length < 64 && SAFE_TEXT.test(text)) return `"${text}"`;
  // JSON.stringify already escapes quotes, backslashes and control characters exactly as both
  // Python encoders do (\b \f \n \r \t, else lowercase \u00XX); only `/` and non-ASCII differ.
  const literal = JSON.stringify(text);
  if (!NEEDS_REWRITE.test(text)) return literal;
  let out = style.escapeSlash ? literal.replaceAll('/', '\\/') : literal;
  if (style.ensureAscii) {
    // Each UTF-16 unit on its own, so characters above the BMP come out as surrogate pairs.
    out = out.replace(style.escapeDel ? NOT_ASCII_OR_DEL : NOT_ASCII, (unit) => {
      return `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
  }
  return out;
}

/**
 * Values parsed from stored JSON text (task data, results, meta): only strings, numbers, bools,
 * null, arrays and plain objects. For those the compact styles can use JSON.stringify, which is
 * several times faster than walking them here.
 */
const plainJson = new WeakSet<object>();

/** Marks a value parsed from JSON (and not holding PyFloats or Maps) for the fast path. */
export function markPlainJson<T>(value: T): T {
  if (value !== null && typeof value === 'object') plainJson.add(value);
  return value;
}

/**
 * JSON.stringify writes what compact ujson writes except `/` (ujson escapes it), non-ASCII under
 * ensure_ascii, and fractions below 1e-4 (JavaScript writes `0.00001`, Python `1e-05`); the
 * last case is rare and taken by the slow path.
 */
function encodePlainCompact(value: object, style: JsonStyle): string | null {
  const text = JSON.stringify(value);
  if (text.includes('0.0000')) return null;
  return restyleStringified(text, style);
}

/** JSON.stringify output rewritten into a compact style (see encodePlainCompact). */
function restyleStringified(text: string, style: JsonStyle): string {
  let out = style.escapeSlash ? text.replaceAll('/', '\\/') : text;
  if (style.ensureAscii && NEEDS_REWRITE.test(out)) {
    out = out.replace(style.escapeDel ? NOT_ASCII_OR_DEL : NOT_ASCII, (unit) => {
      return `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
  }
  return out;
}

/**
 * `encodeJson(markPlainJson(value), style)` without the mark: for a value parsed from JSON text
 * (no PyFloats, no Maps) that is encoded once, right away.
 */
export function encodeParsedJson(value: unknown, style: JsonStyle): string {
  if (value !== null && typeof value === 'object' && isPlainCompact(style)) {
    const fast = encodePlainCompact(value, style);
    if (fast !== null) return fast;
  }
  return encodeJson(value, style);
}

/**
 * `encodeParsedJson(JSON.parse(text), style)` for stored JSON text. When the text is an object or
 * array already spelled exactly as JSON.stringify spells it, encodePlainCompact would only
 * reproduce it, so the text is restyled as it is: no parse, no re-encoding.
 */
export function encodeStoredJson(text: string, style: JsonStyle): string {
  const first = text.charCodeAt(0);
  const container = first === 0x7b || first === 0x5b;
  if (container && isPlainCompact(style) && !text.includes('0.0000') && isCanonicalJson(text)) {
    return restyleStringified(text, style);
  }
  return encodeParsedJson(JSON.parse(text) as unknown, style);
}

function isPlainCompact(style: JsonStyle): boolean {
  return style.indent === 0 && style.itemSeparator === ',' && style.keySeparator === ':';
}

function encodeNumber(value: number, style: JsonStyle): string {
  return isPythonInt(value) ? pythonIntText(value) : style.floatText(value);
}

/**
 * One value as the style's Python encoder writes it. A Map is a dict in insertion order; keys whose
 * value is undefined are left out (a Python dict has no such values); PyFloat prints as a float
 * even when integral.
 */
export function encodeJson(value: unknown, style: JsonStyle, level = 0): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return encodeJsonString(value, style);
    case 'number':
      return encodeNumber(value, style);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return 'null';
  }
  if (value instanceof PyFloat) return style.floatText(value.value);
  if (isPlainCompact(style) && plainJson.has(value)) {
    const fast = encodePlainCompact(value, style);
    if (fast !== null) return fast;
  }
  if (style.indent === 0) return encodeCompactContainer(value, style);
  const inner = `\n${' '.repeat(style.indent * (level + 1))}`;
  const outer = `\n${' '.repeat(style.indent * level)}`;
  const separator = style.itemSeparator + inner;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item: unknown) => encodeJson(item, style, level + 1));
    return `[${inner}${items.join(separator)}${outer}]`;
  }
  const members: string[] = [];
  for (const [key, member] of entriesOf(value)) {
    if (member === undefined) continue;
    members.push(encodeJsonString(key, style) + style.keySeparator + encodeJson(member, style, level + 1));
  }
  if (members.length === 0) return '{}';
  return `{${inner}${members.join(separator)}${outer}}`;
}

function entriesOf(value: object): Iterable<[string, unknown]> {
  return value instanceof Map ? (value.entries() as Iterable<[string, unknown]>) : Object.entries(value);
}

/** The one-line styles, built by concatenation: the hot path of a large JSON export. */
function encodeCompactContainer(value: object, style: JsonStyle): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out += style.itemSeparator;
      out += encodeJson(value[i], style, 1);
    }
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  if (value instanceof Map) {
    for (const [key, member] of value as Map<string, unknown>) {
      if (member === undefined) continue;
      out += (first ? '' : style.itemSeparator) + encodeJsonString(key, style) + style.keySeparator;
      out += encodeJson(member, style, 1);
      first = false;
    }
    return `${out}}`;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (member === undefined || !Object.hasOwn(record, key)) continue;
    out += (first ? '' : style.itemSeparator) + encodeJsonString(key, style) + style.keySeparator;
    out += encodeJson(member, style, 1);
    first = false;
  }
  return `${out}}`;
}
