import type { XmlElement } from './types.js';

/**
 * Python values as xmljson's BadgerFish conversion produces them. Label Studio validates that
 * structure with a JSON Schema and quotes Python reprs in its messages, so ints, floats and
 * ordered dicts must stay distinguishable.
 */
export type PyValue = string | boolean | null | PyNumber | PyValue[] | PyDict;

export class PyNumber {
  constructor(
    readonly value: number,
    readonly repr: string,
  ) {}
}

export class PyDict {
  readonly entries = new Map<string, PyValue>();
}

const INT_PATTERN = /^[+-]?\d+(?:_\d+)*$/;
const FLOAT_PATTERN = /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:e[+-]?\d+(?:_\d+)*)?$/;
const SPECIAL_FLOATS: Record<string, string> = { inf: 'inf', infinity: 'inf', nan: 'nan' };

/** xmljson's `_fromstring`: '' -> None, 'true'/'false' -> bool, then int, then float, else the text. */
export function pythonValueFromXml(text: string): PyValue {
  if (text === '') return null;
  const standard = text.trim().toLowerCase();
  if (standard === 'true') return true;
  if (standard === 'false') return false;
  if (INT_PATTERN.test(standard)) {
    const digits = standard.replaceAll('_', '');
    const big = BigInt(digits);
    return new PyNumber(Number(big), big.toString());
  }
  const unsigned = standard.replace(/^[+-]/, '');
  const special = SPECIAL_FLOATS[unsigned];
  if (special) {
    const negative = standard.startsWith('-') && special === 'inf';
    return new PyNumber(special === 'nan' ? Number.NaN : negative ? -Infinity : Infinity, negative ? '-inf' : special);
  }
  if (FLOAT_PATTERN.test(standard)) {
    const value = Number(standard.replaceAll('_', ''));
    return new PyNumber(value, pythonFloatRepr(value));
  }
  return text;
}

/** Python's repr(float): shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  // Place the point in the shortest digits themselves: toFixed would round the exact binary value
  // and can print a different last digit (167.75393676757812 as ...813).
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const point = exponent + 1;
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) text = `${digits}${'0'.repeat(point - digits.length)}.0`;
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${text}` : text;
}

/** xmljson BadgerFish `data()`: `{tag: {"@attr": value, "$": text, child tags...}}` with lists for repeats. */
export function toBadgerfish(element: XmlElement): PyDict {
  const value = new PyDict();
  for (const [name, attribute] of Object.entries(element.attributes)) {
    value.entries.set(`@${name}`, pythonValueFromXml(attribute));
  }
  const text = element.text.trim();
  if (text) value.entries.set('$', pythonValueFromXml(text));
  const counts = new Map<string, number>();
  for (const child of element.children) counts.set(child.tag, (counts.get(child.tag) ?? 0) + 1);
  for (const child of element.children) {
    const childData = toBadgerfish(child);
    if (counts.get(child.tag) === 1) {
      for (const [key, item] of childData.entries) value.entries.set(key, item);
    } else {
      let list = value.entries.get(child.tag);
      if (!Array.isArray(list)) {
        list = [];
        value.entries.set(child.tag, list);
      }
      list.push(...childData.entries.values());
    }
  }
  const result = new PyDict();
  result.entries.set(element.tag, value);
  return result;
}

/** Python's repr() of these values, as jsonschema quotes them (Python 3.12+ OrderedDict form). */
export function pythonRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pythonStringRepr(value);
  if (value instanceof PyNumber) return value.repr;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (value.entries.size === 0) return 'OrderedDict()';
  const items = [...value.entries].map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`);
  return `OrderedDict({${items.join(', ')}})`;
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const NAMED_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const named = NAMED_ESCAPES[char];
    if (named) out += named;
    else if (char === quote) out += `\\${quote}`;
    else if (char !== ' ' && NOT_PRINTABLE.test(char)) out += pythonCodeEscape(char.codePointAt(0)!);
    else out += char;
  }
  return out + quote;
}

function pythonCodeEscape(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}
