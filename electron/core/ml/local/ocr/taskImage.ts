import { readFile } from 'node:fs/promises';
import { findFileUploadByFile } from '../../../db/repos/fileUploadsRepo.js';
import { uploadPath } from '../../../domain/imports/storeUpload.js';
import { findCachedMediaFile } from '../../../domain/tasks/cachedMedia.js';
import type { MlDeps } from '../../mlDeps.js';
import { OcrFailure } from './ocrEngine.js';

/*
 * The bytes of the image a task names, read as this server reads task media when it serves them:
 * an upload (`/data/upload/<project>/<name>`, only names recorded as uploads), a mirrored task's
 * cached copy (`/data/remote/<remote>/<name>`), a local-files storage's file
 * (`/data/local-files/?d=<path>`, by the storage's serving rules), or, when the task names one,
 * an http(s) URL elsewhere, downloaded as an import URL is (no private addresses unless the app
 * allows them, a time and size limit). Anything else is refused in words the user can act on.
 */

export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;

async function readLocal(path: string, what: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch {
    throw new OcrFailure(`${what} could not be read from disk`);
  }
}

async function readUpload(deps: MlDeps, project: string, name: string): Promise<Uint8Array> {
  const what = `the uploaded file "${name}"`;
  const row = deps.uploadsDir === undefined ? undefined : findFileUploadByFile(deps.db, `upload/${project}/${name}`);
  if (!row || deps.uploadsDir === undefined) throw new OcrFailure(`${what} is not among this server's uploads`);
  let path: string;
  try {
    path = uploadPath(deps.uploadsDir, row.file);
  } catch {
    throw new OcrFailure(`${what} is not inside the uploads folder`);
  }
  return readLocal(path, what);
}

async function readRemoteCopy(deps: MlDeps, remote: number, name: string): Promise<Uint8Array> {
  const file = findCachedMediaFile(deps, remote, name);
  if (!file) throw new OcrFailure(`"${name}" has not been downloaded from its Label Studio yet`);
  return readLocal(file.path, `the downloaded copy of "${name}"`);
}

async function readLocalFilesStorage(deps: MlDeps, requested: string): Promise<Uint8Array> {
  const found = deps.localFilePath?.(requested) ?? { refused: 'local files are not served here' };
  if ('refused' in found) throw new OcrFailure(`the local file "${requested}" cannot be read: ${found.refused}`);
  return readLocal(found.path, `the local file "${requested}"`);
}

async function download(deps: MlDeps, url: string): Promise<Uint8Array> {
  if (!deps.downloadUrl) throw new OcrFailure(`the image ${url} cannot be downloaded here`);
  try {
    return await deps.downloadUrl(url, MAX_IMAGE_BYTES);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OcrFailure(`the image ${url} could not be downloaded: ${reason.replace(/\.$/u, '')}`);
  }
}

function decodedName(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new OcrFailure(`"${encoded}" is not a valid file name`);
  }
}

/** A URL on this very server is read from disk, as a path would be. */
function localPathOf(deps: MlDeps, reference: string): URL | null {
  let url: URL;
  try {
    url = new URL(reference, deps.serverUrl || 'http://outpost.invalid');
  } catch {
    return null;
  }
  const isHere = reference.startsWith('/') || (deps.serverUrl !== '' && url.origin === new URL(deps.serverUrl).origin);
  return isHere ? url : null;
}

export async function readTaskImage(deps: MlDeps, reference: string): Promise<Uint8Array> {
  const local = localPathOf(deps, reference);
  if (local) {
    const path = local.pathname;
    const upload = /^\/data\/upload\/(\d+)\/([^/]+)$/u.exec(path);
    if (upload) return readUpload(deps, upload[1]!, decodedName(upload[2]!));
    const cached = /^\/data\/remote\/(\d+)\/([^/]+)$/u.exec(path);
    if (cached) return readRemoteCopy(deps, Number(cached[1]), decodedName(cached[2]!));
    if (/^\/data\/local-files\/?$/u.test(path)) return readLocalFilesStorage(deps, local.searchParams.get('d') ?? '');
    throw new OcrFailure(`"${reference}" names no media of this server`);
  }
  if (/^https?:\/\//iu.test(reference)) return download(deps, reference);
  const scheme = /^([a-z][a-z0-9+.-]*):/iu.exec(reference)?.[1];
  throw new OcrFailure(
    scheme
      ? `the built-in model cannot read ${scheme}: URLs; it reads uploads, local files and http(s) URLs`
      : `"${reference.slice(0, 200)}" is not an image URL`,
  );
}
