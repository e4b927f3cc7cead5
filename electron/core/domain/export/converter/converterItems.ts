import type { ParsedLabelConfig } from '../../../../../shared/label-config/types.js';
import { PyFloat } from '../encode/pyFloat.js';
import type { ExportTask } from '../exportTypes.js';

/**
 * One "item" of the Label Studio converter (docs/export-formats.md#converter-items): a task seen
 * through one of its non-cancelled annotations, or through none when it has no annotations at all.
 */
export interface ConverterItem {
  id: number;
  input: Record<string, unknown>;
  /** from_name -> values, in the order each from_name first appears in the result. */
  output: Map<string, Record<string, unknown>[]>;
  /** An int, a user object (expanded snapshots), null, or `{}` for a task without annotations. */
  completed_by: unknown;
  annotation_id: unknown;
  created_at: unknown;
  updated_at: unknown;
  /** A float in Label Studio, hence a PyFloat (or null). */
  lead_time: PyFloat | null;
  history: unknown;
  was_cancelled: unknown;
}

export interface ConverterItemOptions {
  /** YOLO keypoint projects also copy each result's `id` and `parentID` into its value. */
  keepRegionIds?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `_maybe_matching_tag_from_schema`: the control a from_name belongs to, directly or through a
 * Repeater pattern (`{{idx}}` replaced by its regex, matched at the start, longest pattern wins).
 */
export function matchControlName(schema: ParsedLabelConfig, fromName: string): string | null {
  if (Object.hasOwn(schema, fromName)) return fromName;
  let best: string | null = null;
  let bestLength = 0;
  for (const [name, control] of Object.entries(schema)) {
    if (!control.regex) continue;
    let pattern = name;
    for (const [variable, regex] of Object.entries(control.regex)) pattern = pattern.replaceAll(variable, regex);
    let matcher: RegExp;
    try {
      matcher = new RegExp(`^(?:${pattern})`, 'u');
    } catch {
      continue; // Python would raise here; an unusable pattern simply matches nothing.
    }
    if (matcher.test(fromName) && pattern.length > bestLength) {
      best = name;
      bestLength = pattern.length;
    }
  }
  return best;
}

/**
 * Each value is a shallow copy of the result's `value` with the converter's keys added; what it
 * holds (lists of points, labels, ...) is shared with the task, which no writer changes. A deep
 * copy per region costs more than the rest of the item.
 */
function outputsOf(
  annotation: Record<string, unknown>,
  schema: ParsedLabelConfig,
  options: ConverterItemOptions,
): Map<string, Record<string, unknown>[]> {
  const outputs = new Map<string, Record<string, unknown>[]>();
  const results = Array.isArray(annotation.result) ? (annotation.result as unknown[]) : [];
  for (const result of results) {
    if (!isRecord(result)) continue;
    const fromName = result.from_name;
    if (typeof fromName !== 'string' || !fromName) continue;
    const control = matchControlName(schema, fromName);
    let value: Record<string, unknown>;
    if (control) {
      value = isRecord(result.value) ? Object.assign({}, result.value) : {};
      value.type = schema[control]!.type;
      if ('original_width' in result) value.original_width = result.original_width;
      if ('original_height' in result) value.original_height = result.original_height;
      if (options.keepRegionIds) {
        value.id = result.id ?? null;
        value.parentID = result.parentID ?? null;
      }
    } else if (result.type === 'chatmessage') {
      value = isRecord(result.value) ? Object.assign({}, result.value) : {};
      value.type = 'chatmessage';
    } else {
      continue; // relations, and results of controls no longer in the config
    }
    const list = outputs.get(fromName);
    if (list) list.push(value);
    else outputs.set(fromName, [value]);
  }
  return outputs;
}

function itemOf(
  task: ExportTask,
  annotation: Record<string, unknown> | null,
  output: ConverterItem['output'],
): ConverterItem {
  const leadTime = annotation?.lead_time;
  return {
    id: task.id,
    input: task.data,
    output,
    completed_by: annotation ? (annotation.completed_by ?? null) : {},
    annotation_id: annotation?.id ?? null,
    created_at: annotation?.created_at ?? null,
    updated_at: annotation?.updated_at ?? null,
    lead_time: leadTime instanceof PyFloat ? leadTime : typeof leadTime === 'number' ? new PyFloat(leadTime) : null,
    history: annotation?.history ?? null,
    was_cancelled: annotation?.was_cancelled ?? null,
  };
}

/**
 * `annotation_result_from_task`: one item per non-cancelled annotation, newest `created_at` first
 * (ties keep their order); one empty item for a task without annotations; none when every
 * annotation was skipped.
 */
export function converterItems(
  task: ExportTask,
  schema: ParsedLabelConfig,
  options: ConverterItemOptions = {},
): ConverterItem[] {
  const annotations = task.annotations;
  if (annotations.length === 0) return [itemOf(task, null, new Map())];
  const kept = annotations.filter((annotation) => !annotation.skipped && !annotation.was_cancelled);
  const newestFirst = kept
    .map((annotation, index) => ({ annotation, index, key: String(annotation.created_at ?? '') }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : a.index - b.index));
  return newestFirst.map(({ annotation }) => itemOf(task, annotation, outputsOf(annotation, schema, options)));
}

/** Every item of every task, in task order. */
export async function* iterateConverterItems(
  tasks: AsyncIterable<ExportTask>,
  schema: ParsedLabelConfig,
  options: ConverterItemOptions = {},
): AsyncGenerator<ConverterItem> {
  for await (const task of tasks) yield* converterItems(task, schema, options);
}
