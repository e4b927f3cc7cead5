import { acceptedDataTypes, type DataValueType } from '../../../../shared/label-config/index.js';
import { pythonStr, pythonTypeName } from '../pythonText.js';

/** Label Studio's `settings.DATA_UNDEFINED_NAME`: the key of txt lines, html bodies and media uploads. */
export const UNDEFINED_DATA_KEY = '$undefined$';

type DataObject = Record<string, unknown>;

function isDataObject(value: unknown): value is DataObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `replace_task_data_undefined_with_config_field`: the pseudo-key `$undefined$` becomes the first
 * data key of the config (in the config's order). With no data keys it stays as is. Mutates `data`,
 * as Label Studio does, so the renamed key lands last, where Python's dict would put it.
 */
export function replaceUndefinedKey(data: DataObject, dataTypes: Record<string, string>): void {
  if (!Object.hasOwn(data, UNDEFINED_DATA_KEY)) return;
  const firstKey = Object.keys(dataTypes)[0];
  if (firstKey === undefined) return;
  const value = data[UNDEFINED_DATA_KEY];
  delete data[UNDEFINED_DATA_KEY];
  // Defined rather than assigned: a data key named `__proto__` must stay a key of the task's data.
  Object.defineProperty(data, firstKey, { value, enumerable: true, writable: true, configurable: true });
}

/** `isinstance(value, tuple(types))` for a JSON value; Python's bool is an int subclass. */
function hasAcceptedType(value: unknown, types: readonly DataValueType[]): boolean {
  const name = pythonTypeName(value);
  if (name === 'bool') return types.includes('int');
  return types.includes(name as DataValueType);
}

/** `reduce(getitem, key.split('.'), data)`; anything that is not a dict along the way counts as missing. */
function lookUp(data: DataObject, key: string): { found: boolean; value?: unknown } {
  if (!key.includes('.')) return Object.hasOwn(data, key) ? { found: true, value: data[key] } : { found: false };
  let current: unknown = data;
  for (const part of key.split('.')) {
    if (!isDataObject(current) || !Object.hasOwn(current, part)) return { found: false };
    current = current[part];
  }
  return { found: true, value: current };
}

/**
 * Label Studio's `TaskValidator.check_data`
 * (docs/label-studio-compatibility.md#task-data-validation): checks task `data` against the
 * project's `data_types` and returns the first problem as Label Studio words it, or null when the
 * data is fine. Call `replaceUndefinedKey` first: `$undefined$` only counts once it has been
 * renamed.
 *
 * Data must be an object. Label Studio's own check also lets a list through (and then fails on it
 * later, or stores it); Outpost refuses lists with the same message shape.
 */
export function checkTaskData(data: unknown, dataTypes: Record<string, string>): string | null {
  if (data === null || data === undefined) return 'Task is empty (None)';
  if (Array.isArray(data)) return 'Task[data] must be dict';
  if (!isDataObject(data)) return 'Task[data] must be dict or list';
  for (const [dataKey, tag] of Object.entries(dataTypes)) {
    // A Repeater's `$key[{{idx}}]` names a list under `key`.
    const isRepeated = dataKey.includes('[');
    const key = isRepeated ? dataKey.slice(0, dataKey.indexOf('[')) : dataKey;
    const item = lookUp(data, key);
    if (!item.found) return `"${key}" key is expected in task data`;
    const expected: readonly DataValueType[] = isRepeated ? ['list'] : acceptedDataTypes(tag);
    if (!hasAcceptedType(item.value, expected)) {
      const list = `[${expected.map((type) => `'${type}'`).join(', ')}]`;
      return (
        `data['${key}']=${pythonStr(item.value)} is of type '${pythonTypeName(item.value)}', ` +
        `but the object tag ${tag} expects the following types: ${list}`
      );
    }
  }
  return null;
}
