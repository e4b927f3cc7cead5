import { pythonFloatRepr } from '../../../../../shared/label-config/pythonValues.js';

/**
 * A number that Python holds as a float. JavaScript cannot tell 8 from 8.0, but Label Studio's
 * float columns (`lead_time`, `score`, `mislabeling`) always print with a fraction (`8.0`), so the
 * export marks them with this wrapper. Any other number prints as an int when it is integral.
 */
export class PyFloat {
  constructor(readonly value: number) {}

  /** A plain number to JSON.stringify, except inside writePythonJson, which writes `8.0`. */
  toJSON(): number | string {
    if (floatMarking.depth === 0) return this.value;
    floatMarking.written += 1;
    return `${FLOAT_MARK}${pythonFloatRepr(this.value)}`;
  }
}

/**
 * JSON.stringify cannot write a number's text itself, so inside writePythonJson a PyFloat becomes
 * a string carrying a per-process mark, replaced by the bare float text afterwards. The mark starts
 * with a NUL character and a random part: no string from outside can contain it by chance.
 */
const FLOAT_MARK = `\u0000pyfloat-${Math.random().toString(36).slice(2)}:`;
const MARKED_FLOAT = new RegExp(`"${FLOAT_MARK.replace('\u0000', '\\\\u0000')}([^"]*)"`, 'g');
const floatMarking = { depth: 0, written: 0 };

/**
 * JSON text as Python's json module would write these values for the API: like JSON.stringify,
 * except that a PyFloat keeps its fraction (`4.0`, not `4`), as Label Studio's float fields do.
 */
export function writePythonJson(value: unknown): string {
  const writtenBefore = floatMarking.written;
  floatMarking.depth += 1;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    floatMarking.depth -= 1;
  }
  return floatMarking.written === writtenBefore ? text : text.replace(MARKED_FLOAT, '$1');
}

/** A wire type whose float fields K are written as PyFloat (see writePythonJson). */
export type WithFloats<T, K extends keyof T> = Omit<T, K> & { [P in K]: PyFloat | Exclude<T[P], number> };

/** A float column: null stays null, a number becomes a PyFloat. */
export function pyFloatOrNull(value: number | null | undefined): PyFloat | null {
  return typeof value === 'number' ? new PyFloat(value) : null;
}

/** The plain number behind a value that may be a PyFloat. */
export function numericValue(value: unknown): unknown {
  return value instanceof PyFloat ? value.value : value;
}

/**
 * Whether Python would hold this number as an int: integral and not marked as a float. From 1e21
 * JavaScript writes every number with an exponent, so stored JSON holds such a value as
 * `1e+21`, which Python reads back as a float.
 */
export function isPythonInt(value: number): boolean {
  return Number.isInteger(value) && Math.abs(value) < 1e21;
}

/** A JS number as Python prints an int: integral doubles above 2^53 keep every digit. */
export function pythonIntText(value: number): string {
  return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
}

/** Python `repr()` of a number (CSV cells, YOLO lines, the ASR duration). */
export function pythonNumberRepr(value: number | PyFloat): string {
  if (value instanceof PyFloat) return pythonFloatRepr(value.value);
  return isPythonInt(value) ? pythonIntText(value) : pythonFloatRepr(value);
}

/** ujson's float text: Python's digits and thresholds, but an unpadded exponent (`1e-5`, `1e+16`). */
export function ujsonFloatText(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Inf' : '-Inf';
  const text = pythonFloatRepr(value);
  return text.includes('e') ? text.replace(/e([+-])0*(\d)/, 'e$1$2') : text;
}

/** A JSON string or number token; strings are matched whole so that digits inside them are skipped. */
const JSON_STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * JSON.parse for stored JSON text that Python wrote or that writePythonJson wrote: an integral
 * number written as a float (`1.0`, `2e3`) comes back as a PyFloat, so it is answered as written.
 */
export function parseJsonKeepingFloats(text: string): unknown {
  let hasFloat = false;
  const marked = text.replace(JSON_STRING_OR_NUMBER, (token) => {
    if (token.startsWith('"') || !/[.eE]/.test(token) || !Number.isInteger(Number(token))) return token;
    hasFloat = true;
    return JSON.stringify(`${FLOAT_MARK}${token}`);
  });
  if (!hasFloat) return JSON.parse(text) as unknown;
  return JSON.parse(marked, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(FLOAT_MARK)
      ? new PyFloat(Number(value.slice(FLOAT_MARK.length)))
      : value,
  ) as unknown;
}
