import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';

export interface DownloadOptions {
  allowPrivate: boolean;
  maxBytes: number;
  /** The whole download, redirects included. */
  timeoutMs?: number;
}

export interface Downloaded {
  bytes: Buffer;
  /** The last path segment of the final URL, without its query. */
  filename: string;
  contentType: string | null;
}

/** Downloads an import URL (`tasks_from_url`); failures are validation errors worded as Label Studio's. */
export type DownloadImportUrl = (url: string, options: DownloadOptions) => Promise<Downloaded>;

/**
 * What the import use cases need beyond the database: where uploads live, the URL policy, and
 * the download itself (importers/downloadUrl.ts), since the domain never calls out.
 */
export interface ImportContext extends DomainContext {
  uploadsDir: string;
  /** Label Studio's TASKS_MAX_FILE_SIZE (= DATA_UPLOAD_MAX_MEMORY_SIZE, 250 MB by default). */
  bodyLimitBytes: number;
  allowPrivateImportUrls?: boolean;
  downloadImportUrl: DownloadImportUrl;
}

/** Label Studio's InvalidUploadUrlError text (reported as a validation error by the import). */
export const INVALID_UPLOAD_URL =
  'The provided URL was not valid. URLs must begin with http:// or https://, and cannot be local IPs.';

/** `settings.TASKS_MAX_NUMBER`. */
export const TASKS_MAX_NUMBER = 1_000_000;

/** Label Studio 1.22's SUPPORTED_EXTENSIONS (it refuses `.jsonl`: ".jsonl extension is not supported"). */
export const SUPPORTED_EXTENSIONS: ReadonlySet<string> = new Set([
  '.bmp', '.csv', '.flac', '.gif', '.htm', '.html', '.jpg', '.jpeg', '.json', '.m4a', '.mp3', '.ogg',
  '.png', '.svg', '.tsv', '.txt', '.wav', '.xml', '.mp4', '.webm', '.webp',
]); // prettier-ignore

/** FileUpload.format_could_be_tasks_list: formats the UI may offer to read as one task per file. */
export const TASK_LIST_FORMATS: ReadonlySet<string> = new Set(['.csv', '.tsv', '.txt']);

/** A DRF `ValidationError('message')`: a list payload, so the envelope wraps it as non_field_errors. */
export function importError(message: string): ValidationError {
  return new ValidationError({ non_field_errors: [message] });
}

/** `check_max_task_number`. */
export function checkMaxTaskNumber(count: number): void {
  if (count > TASKS_MAX_NUMBER) {
    throw importError(`Maximum task number is ${TASKS_MAX_NUMBER}, current task number is ${count}`);
  }
}

/** `check_tasks_max_file_size`: note the `>=`. */
export function checkTotalFileSize(limitBytes: number, totalBytes: number): void {
  if (totalBytes >= limitBytes) {
    throw importError(`Maximum total size of all files is ${limitBytes} bytes, current size is ${totalBytes} bytes`);
  }
}

/** `os.path.splitext(name)[1]`: the last dot's suffix, unless the dot starts the name. */
export function fileExtension(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return '';
  // splitext ignores leading dots: '..json' has no extension only when all chars before are dots.
  if (/^\.+$/.test(base.slice(0, dot))) return '';
  return base.slice(dot);
}
