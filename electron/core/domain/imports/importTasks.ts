import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { DomainError } from '../errors.js';
import { getProjectRow } from '../projects/getProject.js';
import {
  checkMaxTaskNumber,
  checkTotalFileSize,
  fileExtension,
  importError,
  SUPPORTED_EXTENSIONS,
  type ImportContext,
} from './importContext.js';
import { isFalsyJson } from './idList.js';
import { itemsOfJsonBody } from './importItems.js';
import { JsonSyntaxError, readJsonItems } from './jsonItems.js';
import {
  downloadedUpload,
  inlineJsonUpload,
  storeUploadsAndWrite,
  type IncomingUpload,
} from './storeUploadsAndWrite.js';
import { removeFiles, validUploadName } from './storeUpload.js';
import { countItems, writeItems, type WriteOptions } from './writeItems.js';
import { importResponse, type ImportResponse } from './importResponse.js';

/** A file the server received into a temporary file. */
export interface ReceivedUpload {
  name: string;
  tempPath: string;
  size: number;
}

/** The three input modes of an import, as the server read them (docs/label-studio-compatibility.md#import). */
export type ImportSource =
  | { kind: 'files'; files: readonly ReceivedUpload[] }
  | { kind: 'url'; url: string | null }
  | { kind: 'json'; bytes: Buffer }
  | { kind: 'none' };

export interface ImportOptions extends WriteOptions {
  commitToProject: boolean;
  returnTaskIds: boolean;
}

const NO_DATA = 'load_tasks: No data found in DATA or in FILES';

/** `check_request_files_size` then `check_extensions`, before anything is stored. */
function checkReceivedFiles(ctx: ImportContext, files: readonly ReceivedUpload[]): IncomingUpload[] {
  checkTotalFileSize(
    ctx.bodyLimitBytes,
    files.reduce((sum, file) => sum + file.size, 0),
  );
  for (const file of files) {
    const extension = fileExtension(validUploadName(file.name));
    if (!SUPPORTED_EXTENSIONS.has(extension.toLowerCase()))
      throw importError(`${extension} extension is not supported`);
  }
  return files.map((file) => ({ name: file.name, tempPath: file.tempPath }));
}

/**
 * `str_to_json`: whether `url=` holds JSON, single quotes read as double ones. Label Studio then
 * stores the text as it came (inplace.json), so single-quoted JSON is detected here but refused
 * when the file is read, as there.
 */
function inlineJson(url: string): string | null {
  try {
    const value: unknown = JSON.parse(url.replaceAll("'", '"'));
    return isFalsyJson(value) ? null : url;
  } catch {
    return null;
  }
}

function importJsonBody(
  ctx: ImportContext,
  userId: number,
  project: ProjectRow,
  bytes: Buffer,
  options: ImportOptions,
  started: number,
): ImportResponse {
  // Items are parsed when their turn comes, so a malformed one throws while they are counted or written.
  try {
    const json = readJsonItems(bytes);
    if (json.kind === 'other') throw importError(NO_DATA);
    if (json.count === 0) throw importError('load_tasks: No tasks added');
    checkMaxTaskNumber(json.count);
    const items = itemsOfJsonBody(json);
    const format = { fileUploadIds: [], couldBeTasksList: false, foundFormats: [], dataColumns: [] };
    if (!options.commitToProject) {
      return importResponse(started, { ...format, taskCount: countItems(items) }, options);
    }
    const outcome = ctx.db.transaction(() => writeItems(ctx, project, userId, items, options))();
    return importResponse(started, { ...format, taskCount: outcome.taskIds.length, outcome }, options);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new DomainError(400, `JSON parse error - ${error.message}`);
    throw error;
  }
}

/**
 * `POST /api/projects/{id}/import` in Community's synchronous form. Files and URL
 * downloads become uploads; the uploads, tasks, annotations and predictions are written in one
 * transaction, so a failed import leaves nothing behind (not even its uploads).
 */
export async function importTasks(
  ctx: ImportContext,
  userId: number,
  projectId: number,
  source: ImportSource,
  options: ImportOptions,
): Promise<ImportResponse> {
  const started = performance.now();
  const temporary = source.kind === 'files' ? source.files.map((file) => file.tempPath) : [];
  try {
    const project = getProjectRow(ctx, projectId);
    if (source.kind === 'json') return importJsonBody(ctx, userId, project, source.bytes, options, started);
    if (source.kind === 'none') throw importError(NO_DATA);
    let uploads: IncomingUpload[];
    if (source.kind === 'files') uploads = checkReceivedFiles(ctx, source.files);
    else {
      if (!source.url) throw importError('"url" is not found in request data');
      const inline = inlineJson(source.url);
      uploads = inline
        ? [inlineJsonUpload(inline)]
        : [
            downloadedUpload(
              await ctx.downloadImportUrl(source.url, {
                allowPrivate: ctx.allowPrivateImportUrls ?? false,
                maxBytes: ctx.bodyLimitBytes,
              }),
            ),
          ];
    }
    // Downloads take time: the project is read again right before its uploads are written.
    return storeUploadsAndWrite(ctx, userId, getProjectRow(ctx, projectId), uploads, options, started);
  } finally {
    // Stored files were renamed away; whatever is left was never taken.
    removeFiles(temporary);
  }
}
