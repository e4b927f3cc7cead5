import { detectorSettingSchema, type DetectorSetting } from '../../../shared/api/ml';
import type { ApiClient } from './client';
import { sendWithProgress, type UploadProgressEvent } from './upload';

/*
 * `/api/outpost/ml/detector` (Outpost's own): the ONNX detector or segmenter a project's built-in
 * model predicts with. The window sends the chosen file's bytes, which works from the app and from
 * a browser on the embedded server alike (a browser cannot name a file on the server's disk).
 */

export type { DetectorSetting } from '../../../shared/api/ml';

const PATH = '/api/outpost/ml/detector';

/** The project's detector, or null when none is set. */
export async function getDetector(client: ApiClient, project: number, signal?: AbortSignal) {
  return client.get(PATH, { query: { project }, signal, schema: detectorSettingSchema.nullable() });
}

export function uploadDetector(
  client: ApiClient,
  project: number,
  file: File,
  onUploadProgress?: (progress: UploadProgressEvent) => void,
): Promise<DetectorSetting> {
  return sendWithProgress(client, {
    method: 'PUT',
    path: PATH,
    query: { project, file_name: file.name },
    body: file,
    contentType: 'application/octet-stream',
    onUploadProgress,
    schema: detectorSettingSchema,
  });
}

export function removeDetector(client: ApiClient, project: number): Promise<void> {
  return client.delete(PATH, { query: { project } });
}
