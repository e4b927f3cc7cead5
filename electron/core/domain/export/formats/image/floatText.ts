import { pythonFloatRepr } from '../../../../../../shared/label-config/pythonValues.js';
import { UJSON_INDENT2_ASCII, type JsonStyle } from '../../encode/pyJson.js';

/**
 * Python's `repr(float)` with a fast path: between 1e-4 and 1e16 both languages print the same
 * shortest digits in fixed notation, so `String(x)` only needs its `.0`. Image exports print
 * millions of floats; the general formatter handles the rest.
 */
export function floatRepr(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  return pythonFloatRepr(value);
}

/** ujson's float text: repr's digits with an unpadded exponent (`1e-5`). */
export function ujsonFloat(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e16) return floatRepr(value);
  if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} into a JSON export`);
  return pythonFloatRepr(value).replace(/e([+-])0*(\d)/, 'e$1$2');
}

/** `ujson.dump(x, indent=2)` (COCO result.json, YOLO notes.json) with the fast float text. */
export const UJSON_IMAGE_STYLE: JsonStyle = { ...UJSON_INDENT2_ASCII, floatText: ujsonFloat };
