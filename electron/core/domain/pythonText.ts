/**
 * How Python would print a JSON value. Label Studio builds several messages and dictionary keys
 * with str(), repr() or type(x).__name__ on request data, so Outpost has to spell them the same.
 */

/** `type(value).__name__` for a value that came out of a JSON or form body. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (typeof File !== 'undefined' && value instanceof File) return 'InMemoryUploadedFile';
  return 'dict';
}

/** `str(value)`: strings as they are, everything else as its repr. */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** `repr(value)` for JSON values (dicts keep insertion order, as Python's do). */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const items = Object.entries(value).map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`);
    return `{${items.join(', ')}}`;
  }
  return String(value);
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  // JSON cannot tell 5 from 5.0 once parsed; integral values print as Python ints.
  if (Number.isInteger(value)) return BigInt(value).toString();
  // JavaScript and Python agree on shortest round-trip digits; only the exponent form differs.
  return String(value).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** Python's string repr: single quotes unless the text holds a single quote and no double one. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (/[\p{Cc}]/u.test(char)) out += `\\x${char.codePointAt(0)!.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** Characters Python's str.strip() removes (str.isspace), which differ slightly from JavaScript's trim. */
const PYTHON_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING_SPACE = new RegExp(`^${PYTHON_SPACE}+`);
const TRAILING_SPACE = new RegExp(`${PYTHON_SPACE}+$`);

export function pythonStrip(text: string): string {
  return text.replace(LEADING_SPACE, '').replace(TRAILING_SPACE, '');
}

/** Python's `int(text)` for a str: optional spaces and sign, digits with single underscores between. */
export function parsePythonInt(text: string, base: 10 | 16 = 10): bigint | null {
  const digits = base === 16 ? '[0-9a-fA-F]' : '[0-9]';
  const match = new RegExp(`^([+-]?)(${digits}+(?:_${digits}+)*)$`).exec(pythonStrip(text));
  if (!match) return null;
  const magnitude = BigInt((base === 16 ? '0x' : '') + match[2]!.replaceAll('_', ''));
  return match[1] === '-' ? -magnitude : magnitude;
}

/** Length in code points, as Python's len() counts; UTF-16 length is an upper bound, so skip when short. */
export function codePointLength(text: string, atMostWanted: number): number {
  if (text.length <= atMostWanted) return text.length;
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs += 1;
        index += 1;
      }
    }
  }
  return text.length - pairs;
}
