import { statSync } from 'node:fs';
import { insertFileUploadRow } from '../../db/repos/fileUploadsRepo.js';
import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../clock.js';
import {
  checkMaxTaskNumber,
  fileExtension,
  importError,
  SUPPORTED_EXTENSIONS,
  TASK_LIST_FORMATS,
  type ImportContext,
  type Downloaded,
} from './importContext.js';
import { importResponse, type ImportResponse } from './importResponse.js';
import { loadUploadedFiles } from './loadUploadedFiles.js';
import type { StoredUpload } from './readUploadedFile.js';
import { newStoredName, placeUpload, removeFiles, writeUpload } from './storeUpload.js';
import { countItems, writeItems, type WriteOptions } from './writeItems.js';

/** A file about to become an upload: received into a temporary file, or bytes in hand. */
export interface IncomingUpload {
  name: string;
  tempPath?: string;
  bytes?: Uint8Array;
}

/** `url=` holding JSON: Label Studio stores it as an upload named inplace.json. */
export function inlineJsonUpload(text: string): IncomingUpload {
  return { name: 'inplace.json', bytes: Buffer.from(text, 'utf8') };
}

/** Formats a download without an extension in its URL is taken as, from its Content-Type. */
const EXTENSION_OF_TYPE: Record<string, string> = {
  'application/json': '.json',
  'text/csv': '.csv',
  'text/tab-separated-values': '.tsv',
  'text/plain': '.txt',
  'text/html': '.html',
  'application/xml': '.xml',
  'text/xml': '.xml',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
  'image/svg+xml': '.svg',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/ogg': '.ogg',
  'audio/flac': '.flac',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
};

/** A downloaded file is named after its URL's last segment and must have a supported extension. */
export function downloadedUpload(download: Downloaded): IncomingUpload {
  let name = download.filename;
  let extension = fileExtension(name);
  if (extension === '') {
    const type = download.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    extension = EXTENSION_OF_TYPE[type] ?? '';
    name = `${name || 'download'}${extension}`;
  }
  if (!SUPPORTED_EXTENSIONS.has(extension.toLowerCase())) throw importError(`${extension} extension is not supported`);
  return { name, bytes: download.bytes };
}

/**
 * Stores the uploads under `upload/<project>/` and, in one transaction, records them and imports
 * their tasks (or only counts them when not committing, keeping the uploads for /reimport). On
 * any failure the stored files are removed again and the transaction leaves no row.
 */
export function storeUploadsAndWrite(
  ctx: ImportContext,
  userId: number,
  project: ProjectRow,
  uploads: readonly IncomingUpload[],
  options: WriteOptions & { commitToProject: boolean; returnTaskIds: boolean },
  started: number,
): ImportResponse {
  const placed: string[] = [];
  try {
    const stored = uploads.map((upload) => {
      const file = newStoredName(ctx.uploadsDir, project.id, upload.name);
      const path = upload.tempPath
        ? placeUpload(ctx.uploadsDir, upload.tempPath, file)
        : writeUpload(ctx.uploadsDir, file, upload.bytes ?? new Uint8Array());
      placed.push(path);
      return { file, path, size: statSync(path).size };
    });
    const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
    return ctx.db.transaction(() => {
      const now = formatTimestamp(ctx.clock());
      const rows: StoredUpload[] = stored.map((upload) => ({
        id: insertFileUploadRow(ctx.db, { project: project.id, user: userId, ...upload, created_at: now }),
        file: upload.file,
        path: upload.path,
      }));
      const loaded = loadUploadedFiles(rows, dataTypes, true);
      if (loaded.items.count === 0) throw importError('load_tasks: No tasks added');
      checkMaxTaskNumber(loaded.items.count);
      const facts = {
        fileUploadIds: rows.map((row) => row.id),
        couldBeTasksList: rows.some((row) => TASK_LIST_FORMATS.has(fileExtension(row.file).toLowerCase())),
        foundFormats: loaded.foundFormats,
        dataColumns: loaded.dataColumns,
      };
      if (!options.commitToProject) {
        return importResponse(started, { ...facts, taskCount: countItems(loaded.items) }, options);
      }
      const outcome = writeItems(ctx, project, userId, loaded.items, options);
      return importResponse(started, { ...facts, taskCount: outcome.taskIds.length, outcome }, options);
    })();
  } catch (error) {
    removeFiles(placed);
    throw error;
  }
}
