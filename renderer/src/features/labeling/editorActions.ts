/**
 * What the editor's callbacks mean for the API: one plan of HTTP calls per host message. Pure,
 * so unit tests check every path without a server.
 */
import type { HostMessage, ResultItem } from './protocol';

export interface ApiCall {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** My drafts on this task: the one on a new annotation (`annotationId` null) and those on existing ones. */
export interface DraftRef {
  id: number;
  annotationId: number | null;
}

export function draftFor(drafts: readonly DraftRef[], annotationId: number | null): DraftRef | undefined {
  return drafts.find((draft) => draft.annotationId === annotationId);
}

/** Label Studio rounds nothing; seconds with millisecond precision read better in exports. */
const seconds = (leadTime: number) => Math.round(leadTime * 1000) / 1000;

/** A new annotation: it takes over (and deletes) the draft it came from, as Label Studio does with `draft_id`. */
export function submitCall(
  taskId: number,
  result: ResultItem[],
  leadTime: number,
  drafts: readonly DraftRef[],
): ApiCall {
  const draft = draftFor(drafts, null);
  const body: Record<string, unknown> = { result, lead_time: seconds(leadTime) };
  if (draft) body.draft_id = draft.id;
  return { method: 'POST', path: `/api/tasks/${taskId}/annotations/`, body };
}

/** A skip is an annotation with `was_cancelled`, carrying whatever was labeled so far. */
export function skipCall(taskId: number, result: ResultItem[], leadTime: number, drafts: readonly DraftRef[]): ApiCall {
  const draft = draftFor(drafts, null);
  const body: Record<string, unknown> = { result, lead_time: seconds(leadTime), was_cancelled: true };
  if (draft) body.draft_id = draft.id;
  return { method: 'POST', path: `/api/tasks/${taskId}/annotations/`, body };
}

/** An update replaces the result; the draft kept for that annotation is then out of date and goes. */
export function updateCalls(
  annotationId: number,
  result: ResultItem[],
  leadTime: number,
  drafts: readonly DraftRef[],
): ApiCall[] {
  const calls: ApiCall[] = [
    { method: 'PATCH', path: `/api/annotations/${annotationId}/`, body: { result, lead_time: seconds(leadTime) } },
  ];
  const draft = draftFor(drafts, annotationId);
  if (draft) calls.push({ method: 'DELETE', path: `/api/drafts/${draft.id}/` });
  return calls;
}

/** The first save of a draft creates it (on the task, or on the annotation being changed); later ones patch it. */
export function draftCall(
  taskId: number,
  annotationId: number | null,
  result: ResultItem[],
  leadTime: number,
  drafts: readonly DraftRef[],
): ApiCall {
  const body = { result, lead_time: seconds(leadTime) };
  const draft = draftFor(drafts, annotationId);
  if (draft) return { method: 'PATCH', path: `/api/drafts/${draft.id}/`, body };
  const path =
    annotationId === null ? `/api/tasks/${taskId}/drafts` : `/api/tasks/${taskId}/annotations/${annotationId}/drafts`;
  return { method: 'POST', path, body };
}

/** The calls for one editor event, or none for messages that are not writes. */
export function callsFor(taskId: number, message: HostMessage, drafts: readonly DraftRef[]): ApiCall[] {
  switch (message.type) {
    case 'submit':
      return [submitCall(taskId, message.result, message.leadTime, drafts)];
    case 'update':
      return updateCalls(message.annotationId, message.result, message.leadTime, drafts);
    case 'skip':
      return [skipCall(taskId, message.result, message.leadTime, drafts)];
    case 'draft':
      return [draftCall(taskId, message.annotationId, message.result, message.leadTime, drafts)];
    case 'groundTruth':
      return [
        { method: 'PATCH', path: `/api/annotations/${message.annotationId}/`, body: { ground_truth: message.value } },
      ];
    default:
      return [];
  }
}
