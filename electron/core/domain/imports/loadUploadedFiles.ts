import { UNDEFINED_DATA_KEY } from '../tasks/checkTaskData.js';
import { fileExtension, importError } from './importContext.js';
import { concatItems, type ItemList } from './importItems.js';
import { readUploadedFile, type StoredUpload } from './readUploadedFile.js';
import { nullRecord } from '../nullRecord.js';

export interface LoadedFiles {
  items: ItemList;
  /** `{".csv": 2}` in upload order. */
  foundFormats: Record<string, number>;
  /** Data keys every file's first task has. */
  dataColumns: string[];
}

function firstDataKeys(list: ItemList): string[] {
  if (list.count === 0) return [];
  const task = list.get(0).task as { data?: unknown };
  return typeof task.data === 'object' && task.data !== null ? Object.keys(task.data) : [];
}

/** `_old_vs_new_data_keys_inconsistency_message`. */
function inconsistency(newKeys: string[], oldKeys: string[], file: string): string {
  const newList = newKeys.join(',');
  const oldList = oldKeys.join(',');
  const prefix = "You're trying to import inconsistent data:\n";
  if (newList === UNDEFINED_DATA_KEY) {
    return `${prefix}uploading a single file ${file} clashes with data key(s) found from other files:\n"${oldList}"`;
  }
  if (oldList === UNDEFINED_DATA_KEY) {
    return `${prefix}uploading tabular data from ${file} with data key(s) ${newList}, clashes with other raw binary files (images, audios, etc.)`;
  }
  return `${prefix}uploading tabular data from "${file}" with data key(s) "${newList}", clashes with data key(s) found from other files:\n"${oldList}"`;
}

/**
 * `FileUpload.load_tasks_from_uploaded_files`: reads each upload in order and refuses files whose
 * first task shares no data key with the files before it (a CSV of `image,label` next to a bare
 * image upload, say). Items are read lazily; only each file's first item is read here.
 */
export function loadUploadedFiles(
  uploads: readonly StoredUpload[],
  dataTypes: Record<string, string>,
  filesAsTasksList: boolean,
): LoadedFiles {
  const lists: ItemList[] = [];
  const foundFormats = nullRecord<number>();
  let common: string[] = [];
  for (const upload of uploads) {
    const list = readUploadedFile(upload, dataTypes, filesAsTasksList);
    const keys = firstDataKeys(list);
    if (common.length === 0) common = keys;
    else {
      const shared = common.filter((key) => keys.includes(key));
      if (shared.length === 0) throw importError(inconsistency(keys, common, upload.file));
      common = shared;
    }
    lists.push(list);
    const format = fileExtension(upload.file);
    foundFormats[format] = (foundFormats[format] ?? 0) + 1;
  }
  return { items: concatItems(lists), foundFormats, dataColumns: common };
}
