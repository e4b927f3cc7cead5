import type { ParsedLabelConfig } from '../../../../../../shared/label-config/types.js';
import type { ConverterItem } from '../../converter/converterItems.js';
import { PyFloat } from '../../encode/pyFloat.js';

/** A value of an item's output: the result's `value` plus `type` and the original dims. */
export type OutputValue = Record<string, unknown>;

/** All values of an item, concatenated over its from_names in output order. */
export function itemValues(item: ConverterItem): OutputValue[] {
  const values: OutputValue[] = [];
  for (const list of item.output.values()) values.push(...list);
  return values;
}

/** The data key: the value of the config's (single) object tag (docs/export-formats.md#data-key). */
export function dataKeyOf(config: ParsedLabelConfig): string {
  for (const control of Object.values(config)) {
    for (const input of control.inputs) if (input.value) return input.value;
  }
  throw new Error('The label config has no object tag with a value, so there is no image to export');
}

/**
 * The image URL of an item. The converter raises KeyError (a failed export) when a task lacks the
 * key; Outpost fails the same way, with a message that names the task.
 */
export function imageUrlOf(item: ConverterItem, dataKey: string): string {
  const value = item.input[dataKey];
  if (typeof value === 'string') return value;
  if (value === undefined) throw new Error(`Task ${item.id} has no "${dataKey}" in its data, so it cannot be exported`);
  throw new Error(`Task ${item.id}: data "${dataKey}" is not an image URL, so it cannot be exported`);
}

/** A number from a result value (plain or already marked as a Python float), else null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value instanceof PyFloat) return value.value;
  return null;
}

/** Python truthiness of a number that may be missing: `not width` is true for None and 0. */
export function isFalsyNumber(value: unknown): boolean {
  const number = numberOf(value);
  return number === null || number === 0;
}

/** The first non-empty list among `keys` of a value, or null. */
export function firstLabelList(value: OutputValue, keys: readonly string[]): unknown[] | null {
  for (const key of keys) {
    const list = value[key];
    if (Array.isArray(list) && list.length > 0) return list;
  }
  return null;
}

/** `str(datetime.now())`: local time, microseconds only when non-zero. */
export function pythonNowText(now: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const base =
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ` +
    `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const micros = now.getMilliseconds() * 1000;
  return micros === 0 ? base : `${base}.${pad(micros, 6)}`;
}

/** Python's `round(x)` on a float: half to even. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}
