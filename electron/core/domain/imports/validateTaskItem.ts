import { shortenedQuote } from '../errorQuote.js';
import { pythonRepr } from '../pythonText.js';
import { checkTaskData, replaceUndefinedKey, UNDEFINED_DATA_KEY } from '../tasks/checkTaskData.js';

/** A task as the bulk serializer creates it. */
export interface ValidTask {
  data: Record<string, unknown>;
  /** The JSON text to store for `data` when the source text can be stored as is, else null. */
  dataText: string | null;
  meta: unknown;
  annotations: unknown[];
  predictions: unknown[];
  allowSkip: unknown;
  fileUploadId: number | null;
}

/** The parsed item with its source text, so an item that is the task's data is not re-serialized. */
export interface ItemSource {
  value: unknown;
  text: string;
}

const ROOT_SUFFIX = ' [assume: item as is = task root with values] ';
const WRAPPED_SUFFIX = ' [assume: item["data"] = task root with values]';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class ItemError extends Error {}

/** `raise_if_wrong_class`: the class names, joined by " or " for a tuple (Label Studio 1.22). */
function requireClass(task: Record<string, unknown>, key: string, allowed: 'list' | 'dict or list'): void {
  if (!Object.hasOwn(task, key)) return;
  const value = task[key];
  const ok = allowed === 'list' ? Array.isArray(value) : Array.isArray(value) || isObject(value);
  if (!ok) {
    throw new ItemError(`Task[${key}] must be ${allowed}`);
  }
}

/** TaskValidator.check_data with its rename of `$undefined$`; returns whether the data was changed. */
function checkData(data: unknown, dataTypes: Record<string, string>, suffix: string): boolean {
  let renamed = false;
  if (isObject(data) && Object.hasOwn(data, UNDEFINED_DATA_KEY) && Object.keys(dataTypes).length > 0) {
    replaceUndefinedKey(data, dataTypes);
    renamed = true;
  }
  const problem = checkTaskData(data, dataTypes);
  if (problem !== null) throw new ItemError(problem + suffix);
  return renamed;
}

function checkChildren(task: Record<string, unknown>): void {
  requireClass(task, 'annotations', 'list');
  for (const annotation of (task.annotations as unknown[] | undefined) ?? []) {
    // Label Studio logs and skips items that are not objects.
    if (!isObject(annotation)) continue;
    if (!Object.hasOwn(annotation, 'result')) throw new ItemError('Annotation must have "result" fields');
    if (!Array.isArray(annotation.result)) throw new ItemError('"result" field in annotation must be list');
  }
  requireClass(task, 'predictions', 'list');
  for (const prediction of (task.predictions as unknown[] | undefined) ?? []) {
    if (isObject(prediction) && !Object.hasOwn(prediction, 'result')) {
      throw new ItemError('Prediction must have "result" fields');
    }
  }
  requireClass(task, 'meta', 'dict or list');
}

/**
 * `TaskValidator.validate` for one item: an object with a `data` key is a task (data, meta,
 * annotations, predictions checked), any other object is the task's data itself. Returns the
 * task, or the message Label Studio puts in its per-item error list. The upload link comes from
 * the caller, never from the item (a body could name any upload).
 */
export function validateTaskItem(
  task: unknown,
  dataTypes: Record<string, string>,
  source: ItemSource | null,
  fileUploadId: number | null,
): ValidTask | string {
  try {
    if (!isObject(task)) {
      throw new ItemError('Task root must be dict with "data", "meta", "annotations", "predictions" fields');
    }
    if (!Object.hasOwn(task, 'data')) {
      const renamed = checkData(task, dataTypes, ROOT_SUFFIX);
      const dataText = !renamed && source?.value === task ? source.text : null;
      return { data: task, dataText, meta: {}, annotations: [], predictions: [], allowSkip: true, fileUploadId };
    }
    requireClass(task, 'data', 'dict or list');
    const renamed = checkData(task.data, dataTypes, WRAPPED_SUFFIX);
    checkChildren(task);
    const data = task.data as Record<string, unknown>;
    return {
      data,
      dataText: !renamed && source?.value === data ? source.text : null,
      meta: Object.hasOwn(task, 'meta') ? task.meta : {},
      annotations: (task.annotations as unknown[] | undefined) ?? [],
      predictions: (task.predictions as unknown[] | undefined) ?? [],
      allowSkip: Object.hasOwn(task, 'allow_skip') ? task.allow_skip : true,
      fileUploadId,
    };
  } catch (error) {
    if (error instanceof ItemError) return error.message;
    throw error;
  }
}

/** `format_error`: the item is printed as Python would print it (its start, when it is long). */
export function formatItemError(index: number, message: string, item: unknown): string {
  return `Error at item ${index}: ${message} :: ${shortenedQuote(pythonRepr(item))}`;
}
