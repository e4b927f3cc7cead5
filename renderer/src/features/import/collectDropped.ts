import { inNaturalOrder, isHiddenPath } from './fileKinds';

/** A file to import, with its path inside a dropped or picked folder ('' for a loose file). */
export interface PickedFile {
  file: File;
  path: string;
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every file under `entry`; readEntries answers in batches (100 in Chromium) until an empty one. */
async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const path = entry.fullPath.replace(/^\//, '');
    if (!isHiddenPath(path)) into.push({ file: await entryFile(entry as FileSystemFileEntry), path });
    return;
  }
  if (!entry.isDirectory || isHiddenPath(entry.fullPath)) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, into);
  }
}

/**
 * The files of a drop, folders walked. The entries must be taken synchronously in the drop
 * handler (the DataTransfer empties afterwards), so this reads them first, then awaits.
 */
export async function collectDropped(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(transfer.items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  // Without entry support (or for synthetic drops) the plain file list is all there is.
  if (entries.length === 0 && loose.length === 0) {
    return Array.from(transfer.files).map((file) => ({ file, path: '' }));
  }
  const files: PickedFile[] = loose.map((file) => ({ file, path: '' }));
  for (const entry of entries) await walk(entry, files);
  return inNaturalOrder(files);
}

/** Files from an `<input type="file">`; a folder picker fills `webkitRelativePath`. */
export function collectPicked(list: FileList | null): PickedFile[] {
  return inNaturalOrder(
    Array.from(list ?? [])
      .map((file) => ({ file, path: file.webkitRelativePath }))
      .filter((picked) => !picked.path || !isHiddenPath(picked.path)),
  );
}
