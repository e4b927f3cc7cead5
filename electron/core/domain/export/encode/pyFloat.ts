import { pythonFloatRepr } from '../../../../../shared/label-config/pythonValues.js';

/**
 * A number that Python holds as a float. JavaScript cannot tell 8 from 8.0, but Label Studio's
 * float columns (`lead_time`, `score`, `mislabeling`) always print with a fraction (`8.0`), so the
 * export marks them with this wrapper. Any other number prints as an int when it is integral.
 */
export class PyFloat {
  constructor(readonly value: number) {}
}

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
