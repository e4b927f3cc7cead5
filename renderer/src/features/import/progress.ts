import { formatCount, pluralize } from '../../../../shared/text/counts';

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB"; decimal steps of 1000 (as OS file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export interface UploadProgress {
  /** 1-based number of the file being sent (the last one once all are sent). */
  currentFile: number;
  fileCount: number;
  bytesSent: number;
  bytesTotal: number;
  /** 0 to 1. */
  fraction: number;
}

/**
 * Where an upload is in terms a person counts: files and their bytes. The browser reports bytes
 * of the encoded multipart body, whose headers and boundaries add a little, so the body position
 * is scaled to the files' own sizes, which are sent in order.
 */
export function uploadProgress(sizes: readonly number[], loaded: number, bodyTotal: number): UploadProgress {
  const bytesTotal = sizes.reduce((sum, size) => sum + size, 0);
  const fraction = bodyTotal > 0 ? Math.min(1, Math.max(0, loaded / bodyTotal)) : 0;
  const bytesSent = Math.round(bytesTotal * fraction);
  let currentFile = sizes.length;
  let end = 0;
  for (let index = 0; index < sizes.length; index += 1) {
    end += sizes[index]!;
    if (bytesSent < end) {
      currentFile = index + 1;
      break;
    }
  }
  return { currentFile, fileCount: sizes.length, bytesSent, bytesTotal, fraction };
}

/** "Uploading 3 of 12 files, 45 MB of 120 MB". */
export function uploadProgressText(progress: UploadProgress): string {
  const files =
    progress.fileCount === 1
      ? '1 file'
      : `${formatCount(progress.currentFile)} of ${pluralize(progress.fileCount, 'file')}`;
  return `Uploading ${files}, ${formatBytes(progress.bytesSent)} of ${formatBytes(progress.bytesTotal)}`;
}

export { pluralize as plural };
