import { extname } from 'node:path';
import { UNDEFINED_DATA_KEY } from '../domain/tasks/checkTaskData.js';
import { StorageError, type StorageClient } from './storageClient.js';

/*
 * One storage object as the task(s) it becomes (Label Studio's get_data with 1.22's flags on):
 * with `use_blob_urls` a task naming the object; otherwise the object read as JSON (one task,
 * or a list of them, each remembering its index), or as JSON lines when it is not one document.
 * Objects whose extension is not a JSON one are refused rather than misread.
 */

/** Objects read as tasks may not be larger than this (a task file, not a data set). */
export const MAX_TASK_OBJECT_BYTES = 200 * 1024 * 1024;

const JSON_EXTENSIONS = new Set(['.json', '.jsonl', '.parquet']);

export interface TaskFromObject {
  key: string;
  rowIndex: number | null;
  task: unknown;
}

function notJsonTasks(key: string): StorageError {
  return new StorageError(
    `Can't import JSON-formatted tasks from ${key}. If you're trying to import binary objects, perhaps you forgot ` +
      'to enable "Tasks" import method?',
  );
}

/** The file as one JSON document, or as JSON lines (1.22's support_jsonl_cloud_storage flag). */
function parseTasks(key: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    try {
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown);
    } catch {
      throw notJsonTasks(key);
    }
  }
}

export async function tasksOfObject(
  client: StorageClient,
  key: string,
  useBlobUrls: boolean,
  signal?: AbortSignal,
): Promise<TaskFromObject[]> {
  if (useBlobUrls && client.objectsAreTasks !== true) {
    return [{ key, rowIndex: null, task: { [UNDEFINED_DATA_KEY]: client.uriOf(key) } }];
  }
  // Label Studio checks the extension only when the storage imports tasks, not files.
  const extension = extname(key).toLowerCase();
  if (!useBlobUrls && extension && !JSON_EXTENSIONS.has(extension)) {
    throw new StorageError(
      `File "${key}" is not a JSON/JSONL/Parquet file. Only .json, .jsonl, and .parquet files can be processed.\n` +
        "If you're trying to import non-JSON data (images, audio, text, etc.), edit storage settings and enable " +
        '"Tasks" import method',
    );
  }
  const bytes = await client.read(key, MAX_TASK_OBJECT_BYTES, signal);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StorageError(
      `Error loading JSON from file "${key}".\nIf you're trying to import non-JSON data (images, audio, text, etc.), ` +
        'edit storage settings and enable "Tasks" import method',
    );
  }
  const value = parseTasks(key, text);
  if (Array.isArray(value)) return value.map((task, index) => ({ key, rowIndex: index, task }));
  if (typeof value === 'object' && value !== null) return [{ key, rowIndex: null, task: value }];
  throw notJsonTasks(key);
}
