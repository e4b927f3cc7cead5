import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { pythonStringRepr, pythonTypeName } from '../pythonText.js';
import { UNDEFINED_DATA_KEY } from '../tasks/checkTaskData.js';
import { isFalsyJson } from './idList.js';
import { fileExtension, importError } from './importContext.js';
import type { ImportItem, ItemList } from './importItems.js';
import { JsonSyntaxError, readJsonItems } from './jsonItems.js';
import { CsvError, detectCsvSeparator, parseCsvRecords } from './parseCsv.js';

/** An upload as the readers need it: its row id, stored name and place on disk. */
export interface StoredUpload {
  id: number;
  /** `upload/<project>/<8 hex>-<name>` */
  file: string;
  path: string;
}

const ONE_DATA_KEY_ONLY =
  'Your label config has more than one data key and direct file upload supports only one data key. ' +
  'To import data with multiple data keys, use a JSON or CSV file.';

/** Outpost's own refusal (see below), worded like the reader failures around it. */
export const EMPTY_FILE = 'the file is empty (0 bytes), so there is nothing in it to label';

/** A reader's failure, which Label Studio reports as `Failed to parse input file <name>: <why>`. */
class ReadError extends Error {}

/**
 * One that Label Studio raises as a DRF ValidationError inside its reader: `str()` of that
 * prints its detail list, `[ErrorDetail(string='...', code='invalid')]`.
 */
function validationFailure(message: string): ReadError {
  return new ReadError(`[ErrorDetail(string=${pythonStringRepr(message)}, code='invalid')]`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fromTasks(tasks: Record<string, unknown>[]): ItemList {
  return { count: tasks.length, get: (index) => ({ task: tasks[index], source: null, fileUploadId: null }) };
}

/** `read_tasks_list_from_json`: an item without truthy `data` is the data; `data` must then be a dict. */
function jsonItem(upload: StoredUpload, value: unknown, text: string): ImportItem {
  if (!isObject(value)) throw importError(failure(upload, `'${pythonTypeName(value)}' object has no attribute 'get'`));
  const task: Record<string, unknown> = isFalsyJson(value.data) ? { data: value } : value;
  if (!isObject(task.data)) throw importError(failure(upload, validationFailure('Task item should be dict').message));
  task.file_upload_id = upload.id;
  return { task, source: { value, text }, fileUploadId: upload.id };
}

function readJson(upload: StoredUpload, bytes: Buffer): ItemList {
  const json = readJsonItems(bytes);
  if (json.kind === 'other') {
    const kind = pythonTypeName(json.value);
    throw new ReadError(kind === 'str' ? "'str' object has no attribute 'get'" : `'${kind}' object is not iterable`);
  }
  return {
    count: json.count,
    get: (index) => {
      let source: { value: unknown; text: string };
      try {
        source = json.item(index);
      } catch (error) {
        if (error instanceof JsonSyntaxError) throw importError(failure(upload, error.message));
        throw error;
      }
      return jsonItem(upload, source.value, source.text);
    },
  };
}

/** Python's str.splitlines(): every line break Python knows, no empty last line. */
function splitLines(text: string): string[] {
  // Python also breaks lines at the file, group and record separators (\x1c-\x1e).
  // eslint-disable-next-line no-control-regex
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Label Studio names the file by its stored name without the folder (`<8 hex>-<name>`). */
function failure(upload: StoredUpload, why: string): string {
  return `Failed to parse input file ${basename(upload.file)}: ${why}`;
}

/**
 * `FileUpload.read_tasks`: CSV, TSV and TXT as one task per row or line (unless
 * `filesAsTasksList` is false), JSON as a list of tasks, and any other file as one task
 * whose `$undefined$` is the file's body (HTML, XML) or its URL (media). Those single-asset
 * files need a config with at most one data key.
 */
export function readUploadedFile(
  upload: StoredUpload,
  dataTypes: Record<string, string>,
  filesAsTasksList: boolean,
): ItemList {
  const format = fileExtension(upload.file).toLowerCase();
  try {
    const read = () => readFileSync(upload.path);
    const text = () => read().toString('utf8');
    const wrap = (data: Record<string, unknown>) => ({ data, file_upload_id: upload.id });
    if (format === '.csv' && filesAsTasksList) {
      const body = text();
      return withUpload(fromTasks(parseCsvRecords(body, detectCsvSeparator(body)).map(wrap)), upload.id);
    }
    if (format === '.tsv' && filesAsTasksList)
      return withUpload(fromTasks(parseCsvRecords(text(), '\t').map(wrap)), upload.id);
    if (format === '.txt' && filesAsTasksList) {
      return withUpload(fromTasks(splitLines(text()).map((line) => wrap({ [UNDEFINED_DATA_KEY]: line }))), upload.id);
    }
    if (format === '.json') return readJson(upload, read());
    if (Object.keys(dataTypes).length > 1) throw validationFailure(ONE_DATA_KEY_ONLY);
    // A file that becomes one task by itself must hold something to label. Label Studio 1.22
    // makes a task of an empty image or page, which then fails in the editor; Outpost refuses it.
    if (statSync(upload.path).size === 0) throw new ReadError(EMPTY_FILE);
    const value = ['.html', '.htm', '.xml'].includes(format) ? text() : `/data/${upload.file}`;
    return withUpload(fromTasks([wrap({ [UNDEFINED_DATA_KEY]: value })]), upload.id);
  } catch (error) {
    const isFileSystemError = error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
    if (
      error instanceof ReadError ||
      error instanceof CsvError ||
      error instanceof JsonSyntaxError ||
      isFileSystemError
    ) {
      throw importError(failure(upload, (error as Error).message));
    }
    throw error;
  }
}

function withUpload(list: ItemList, fileUploadId: number): ItemList {
  return { count: list.count, get: (index) => ({ ...list.get(index), fileUploadId }) };
}
