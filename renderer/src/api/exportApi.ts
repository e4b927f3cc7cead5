import { exportFormatListSchema } from '../../../shared/api/exports';
import { exportQuery, fileNameFromHeaders, type ExportChoice } from '../features/export/exportOptions';
import { ApiError, type ApiClient } from './client';
import { errorMessageFromBody } from './errorMessage';

export function listExportFormats(client: ApiClient, projectId: number, signal?: AbortSignal) {
  return client.get(`/api/projects/${projectId}/export/formats`, { signal, schema: exportFormatListSchema });
}

export interface DownloadProgress {
  received: number;
  /** From Content-Length; a streamed export usually has none. */
  total: number | null;
}

async function openExport(client: ApiClient, projectId: number, choice: ExportChoice, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(client.raw.url(`/api/projects/${projectId}/export`, exportQuery(choice)), {
      headers: client.raw.authHeaders('GET'),
      credentials: client.raw.withCredentials ? 'same-origin' : 'omit',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The local server could not be reached.');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text is the message.
    }
    throw new ApiError(response.status, errorMessageFromBody(response.status, body), body);
  }
  const fileName = fileNameFromHeaders(response.headers.get('Content-Disposition'), response.headers.get('filename'));
  return { response, fileName: fileName ?? `project-${projectId}-export` };
}

/**
 * The export streamed into memory with progress (browser mode: the page can only save a whole
 * Blob). Aborting the signal stops the transfer and the server's work.
 */
export async function downloadExport(
  client: ApiClient,
  projectId: number,
  choice: ExportChoice,
  options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<{ blob: Blob; fileName: string }> {
  const { response, fileName } = await openExport(client, projectId, choice, options.signal);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  options.onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress({ received, total });
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks, { type }), fileName };
}

/**
 * The name the server would give this export, to propose in the native save dialog: the request
 * is cancelled as soon as its headers arrive (the server stops on disconnect).
 */
export async function exportFileName(client: ApiClient, projectId: number, choice: ExportChoice): Promise<string> {
  const controller = new AbortController();
  try {
    return (await openExport(client, projectId, choice, controller.signal)).fileName;
  } finally {
    controller.abort();
  }
}
