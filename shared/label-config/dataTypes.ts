import type { XmlElement } from './types.js';
import { iterateElements } from './xmlTree.js';

const FIRST_VARIABLE = /\$[\p{L}\p{N}_]+/u;

/**
 * Label Studio's `extract_data_types`: every named element below the root with a `value` naming a
 * task data key (`$text`, or the first `$var` inside a longer value) maps that key to its tag.
 * Video wins when two tags share a key; `valueList` is not a data type.
 */
export function extractDataTypes(root: XmlElement): Record<string, string> {
  const dataTypes: Record<string, string> = {};
  for (const { element } of iterateElements(root)) {
    if (element === root) continue;
    const value = element.attributes.value;
    if (value === undefined || !element.attributes.name) continue;
    const key =
      value.length > 1 && value.startsWith('$') ? value.slice(1) : (FIRST_VARIABLE.exec(value)?.[0].slice(1) ?? '');
    if (key && dataTypes[key] !== 'Video') dataTypes[key] = element.tag;
  }
  return dataTypes;
}
