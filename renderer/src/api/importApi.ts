import {
  fileUploadListSchema,
  importAnswerSchema,
  reimportAnswerSchema,
  type ImportAnswer,
  type ReimportAnswer,
} from '../../../shared/api/imports';
import type { ApiClient } from './client';
import { sendWithProgress, type UploadProgressEvent } from './upload';

export type { FileUpload } from '../../../shared/api/imports';

/** What an import or a commit of kept uploads answers; the pages read the fields both have. */
export type ImportResult = ImportAnswer | ReimportAnswer;

const importPath = (projectId: number) => `/api/projects/${projectId}/import`;

export interface UploadOptions {
  /** false: only store and parse the files, for `/reimport` to commit them later. */
  commit: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgressEvent) => void;
}

/** Files as one multipart import: Label Studio reads any field name, several files per request. */
export function uploadFiles(client: ApiClient, projectId: number, files: readonly File[], options: UploadOptions) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return sendWithProgress(client, {
    method: 'POST',
    path: importPath(projectId),
    query: { commit_to_project: options.commit ? 'true' : 'false' },
    body: form,
    signal: options.signal,
    onUploadProgress: options.onProgress,
    schema: importAnswerSchema,
  });
}

/** Pasted JSON, sent as typed: the server parses it and reports syntax errors its own way. */
export function importJsonText(client: ApiClient, projectId: number, text: string, signal?: AbortSignal) {
  return sendWithProgress(client, {
    method: 'POST',
    path: importPath(projectId),
    body: text,
    contentType: 'application/json',
    signal,
    schema: importAnswerSchema,
  });
}

/** The server downloads the file at `url` (form-encoded `url=`, the one mode that fetches). */
export function importFromUrl(client: ApiClient, projectId: number, url: string, signal?: AbortSignal) {
  return sendWithProgress(client, {
    method: 'POST',
    path: importPath(projectId),
    body: new URLSearchParams({ url }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    signal,
    schema: importAnswerSchema,
  });
}

export function listFileUploads(client: ApiClient, projectId: number, ids: readonly number[], signal?: AbortSignal) {
  return client.get(`/api/projects/${projectId}/file-uploads`, {
    query: { ids: JSON.stringify(ids) },
    signal,
    schema: fileUploadListSchema,
  });
}

export function deleteFileUploads(client: ApiClient, projectId: number, ids: readonly number[]) {
  return client.delete(`/api/projects/${projectId}/file-uploads`, { body: { file_upload_ids: ids } });
}

/** Commits uploads kept by a `commit_to_project=false` import; CSV/TXT as one task each when not a list. */
export function commitUploads(client: ApiClient, projectId: number, ids: readonly number[], asTasksList: boolean) {
  return client.post(
    `/api/projects/${projectId}/reimport`,
    { file_upload_ids: ids, files_as_tasks_list: asTasksList },
    { schema: reimportAnswerSchema },
  );
}

/** What the import page shows of its project: the title, and the labeling config that says which data keys a task needs. */
export function fetchImportTarget(client: ApiClient, projectId: number, signal?: AbortSignal) {
  return client
    .get<{ title: string | null; label_config?: string | null }>(`/api/projects/${projectId}/`, {
      query: { include: 'id,title,label_config' },
      signal,
    })
    .then((project) => ({ title: project.title ?? '', labelConfig: project.label_config ?? null }));
}
