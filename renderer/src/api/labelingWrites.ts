import type { ApiClient } from './client';
import type { AnnotationWire, DraftWire } from './labeling';
import type { ApiCall } from '../features/labeling/editorActions';

/** Sends one call that `editorActions.ts` planned. */
export function sendApiCall<T>(client: ApiClient, call: ApiCall): Promise<T> {
  return client.request<T>(call.method, call.path, call.body === undefined ? {} : { body: call.body });
}

export function deleteAnnotation(client: ApiClient, annotationId: number): Promise<void> {
  return client.delete(`/api/annotations/${annotationId}/`);
}

export type { AnnotationWire, DraftWire };
