import { isPythonInt } from '../encode/pyFloat.js';
import type { ConverterItem } from './converterItems.js';

function hasSingle(value: unknown): value is [unknown] {
  return Array.isArray(value) && value.length === 1;
}

/**
 * The converter's `prettify_result` (docs/export-formats.md#json_min): drop `type`, collapse
 * one-choice Choices and one-text TextArea values to their string, and emit a lone Choices/TextArea
 * element without its list. The tag type that decides the last step is the last value's, as
 * upstream.
 */
export function prettifyResult(values: readonly Record<string, unknown>[]): unknown {
  const out: unknown[] = [];
  let tagType: unknown = null;
  for (const value of values) {
    const { type, ...rest } = value;
    tagType = type;
    if (type === 'Choices' && hasSingle(rest.choices)) out.push(rest.choices[0]);
    else if (type === 'TextArea' && hasSingle(rest.text)) out.push(rest.text[0]);
    else if (type === 'Chat' || type === 'chatmessage') out.push('chatmessage' in rest ? rest.chatmessage : rest);
    else out.push(rest);
  }
  return (tagType === 'Choices' || tagType === 'TextArea') && out.length === 1 ? out[0] : out;
}

/**
 * `get_annotator`: the email of an expanded user (or `fallback`), the id itself when `intId` and
 * it is an int, else Python's `str()` of it (so a deleted author prints "None", as upstream).
 */
export function annotatorOf(item: ConverterItem, options: { intId: boolean; fallback: unknown }): unknown {
  const annotator = item.completed_by;
  if (annotator !== null && typeof annotator === 'object' && !Array.isArray(annotator)) {
    const email = (annotator as Record<string, unknown>).email;
    return email === undefined ? options.fallback : email;
  }
  if (typeof annotator === 'number' && isPythonInt(annotator) && options.intId) return annotator;
  if (annotator === null || annotator === undefined) return 'None';
  if (typeof annotator === 'boolean') return annotator ? 'True' : 'False';
  return String(annotator);
}
