import { useCallback, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { ApiError } from '../../api/client';
import {
  commitUploads,
  deleteFileUploads,
  importFromUrl,
  importJsonText,
  listFileUploads,
  uploadFiles,
  type FileUpload,
  type ImportResult,
} from '../../api/importApi';
import { isAbortError } from '../../api/upload';
import { fileKey, needsReview } from './fileKinds';
import { findUnreadableFiles } from './checkFilesBeforeUpload';
import { describeImportError, unreadableFilesReport, urlProblem, type ImportErrorReport } from './describeImportError';
import { uploadProgress, type UploadProgress } from './progress';
import { useToasts } from '../../components/toastContext';
import type { PickedFile } from './collectDropped';
import { pluralize } from '../../../../shared/text/counts';

export type ImportPhase =
  | { kind: 'select' }
  | { kind: 'sending'; what: string; progress: UploadProgress | null; processing: boolean }
  | { kind: 'review'; uploads: FileUpload[]; found: ImportResult }
  | { kind: 'committing'; uploads: FileUpload[]; found: ImportResult }
  | { kind: 'done'; result: ImportResult; source: string };

export interface StagedFile extends PickedFile {
  key: string;
}

function reportOf(error: unknown, sentFiles: readonly string[] = []): ImportErrorReport {
  if (error instanceof ApiError) return describeImportError(error.status, error.body, error.message, sentFiles);
  return { headline: String(error), hint: null, problems: [], mayBeTruncated: false };
}

/** The import page's state: files staged, the upload, the two-step review, the outcome. */
export function useImportFlow(projectId: number) {
  const client = useApi();
  const toasts = useToasts();
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'select' });
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const [error, setError] = useState<ImportErrorReport | null>(null);
  /** Why the URL could not be imported from, shown under its field (not the page's banner). */
  const [urlError, setUrlError] = useState<string | null>(null);
  const [asTasksList, setAsTasksList] = useState(true);
  const controller = useRef<AbortController | null>(null);

  const addFiles = useCallback((picked: PickedFile[]) => {
    setError(null);
    setStaged((current) => {
      const known = new Set(current.map((item) => item.key));
      const added = picked
        .map((item) => ({ ...item, key: fileKey(item.file, item.path) }))
        .filter((item) => !known.has(item.key) && known.add(item.key));
      return [...current, ...added];
    });
  }, []);

  const removeFile = (key: string) => setStaged((current) => current.filter((item) => item.key !== key));
  const clearFiles = () => setStaged([]);

  /**
   * Runs one request that sends data, with cancel; failures land in `error` (unless `onRefused`
   * places the report elsewhere and says so), cancel in a toast.
   */
  async function send(
    what: string,
    run: (signal: AbortSignal) => Promise<void>,
    onRefused?: (report: ImportErrorReport) => boolean,
    sentFiles: readonly string[] = [],
  ) {
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setUrlError(null);
    setPhase({ kind: 'sending', what, progress: null, processing: false });
    try {
      await run(abort.signal);
    } catch (failure) {
      setPhase({ kind: 'select' });
      if (isAbortError(failure)) toasts.success('Import cancelled: nothing was imported.');
      else {
        const report = reportOf(failure, sentFiles);
        if (!onRefused?.(report)) setError(report);
      }
    } finally {
      controller.current = null;
    }
  }

  const importFiles = async () => {
    const files = staged.map((item) => item.file);
    const unreadable = await findUnreadableFiles(files);
    if (unreadable.length > 0) {
      setError(unreadableFilesReport(unreadable));
      return;
    }
    const sizes = files.map((file) => file.size);
    const twoStep = needsReview(files.map((file) => file.name));
    const what = pluralize(files.length, 'file');
    return send(
      what,
      async (signal) => {
        const result = await uploadFiles(client, projectId, files, {
          commit: !twoStep,
          signal,
          onProgress: (event) =>
            setPhase({
              kind: 'sending',
              what,
              progress: uploadProgress(sizes, event.loaded, event.total),
              processing: event.sent,
            }),
        });
        setStaged([]);
        if (!twoStep) {
          setPhase({ kind: 'done', result, source: what });
          return;
        }
        const uploads = await listFileUploads(client, projectId, result.file_upload_ids);
        setAsTasksList(true);
        setPhase({ kind: 'review', uploads, found: result });
      },
      undefined,
      files.map((file) => file.name),
    );
  };

  const importJson = (text: string) =>
    send('the pasted JSON', async (signal) => {
      const result = await importJsonText(client, projectId, text, signal);
      setPhase({ kind: 'done', result, source: 'the pasted JSON' });
    });

  const importUrl = (url: string) =>
    send(
      url,
      async (signal) => {
        const result = await importFromUrl(client, projectId, url, signal);
        setPhase({ kind: 'done', result, source: url });
      },
      (report) => {
        // About the address itself (not the items of a file it gave): said under the URL field.
        const message = urlProblem(report);
        if (message) setUrlError(message);
        return message !== null;
      },
    );

  const cancel = () => controller.current?.abort();

  const removeUpload = async (id: number) => {
    if (phase.kind !== 'review') return;
    try {
      await deleteFileUploads(client, projectId, [id]);
      const uploads = phase.uploads.filter((upload) => upload.id !== id);
      setPhase(uploads.length > 0 ? { ...phase, uploads } : { kind: 'select' });
    } catch (failure) {
      toasts.error(`The file was not removed: ${String(failure instanceof Error ? failure.message : failure)}`);
    }
  };

  const discardUploads = async () => {
    if (phase.kind !== 'review') return;
    try {
      await deleteFileUploads(
        client,
        projectId,
        phase.uploads.map((upload) => upload.id),
      );
      setPhase({ kind: 'select' });
    } catch (failure) {
      toasts.error(`The uploads were not discarded: ${String(failure instanceof Error ? failure.message : failure)}`);
    }
  };

  const commit = async () => {
    if (phase.kind !== 'review') return;
    const ids = phase.uploads.map((upload) => upload.id);
    setError(null);
    setPhase({ ...phase, kind: 'committing' });
    try {
      const result = await commitUploads(client, projectId, ids, asTasksList);
      const what = pluralize(ids.length, 'file');
      setPhase({ kind: 'done', result, source: what });
    } catch (failure) {
      setPhase({ ...phase, kind: 'review' });
      setError(reportOf(failure));
    }
  };

  const startOver = () => {
    setError(null);
    setPhase({ kind: 'select' });
  };

  return {
    phase,
    staged,
    error,
    urlError,
    clearUrlError: () => setUrlError(null),
    asTasksList,
    setAsTasksList,
    addFiles,
    removeFile,
    clearFiles,
    importFiles,
    importJson,
    importUrl,
    cancel,
    removeUpload,
    discardUploads,
    commit,
    startOver,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
