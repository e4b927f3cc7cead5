import { canonicalJson, type AnnotationVersion } from '../conflict.js';
import type { RemoteTaskExtras } from './remoteExtras.js';

/*
 * The parts of Label Studio's data-manager task (`GET /api/tasks/?fields=all`,
 * docs/label-studio-compatibility.md#task-lists) that a pull mirrors. Every key but the ids is
 * treated as optional: servers differ.
 */

export interface RemoteAnnotation {
  id: number;
  result?: unknown;
  /** An id in the task list; an expanded user in some other endpoints. */
  completed_by?: number | { id: number; email?: string; first_name?: string; last_name?: string } | null;
  /** `"<first> <last> <email>, <id>"`: the only identity the task list gives for an author. */
  created_username?: string;
  updated_by?: number | null;
  was_cancelled?: boolean;
  ground_truth?: boolean;
  lead_time?: number | null;
  created_at?: string;
  updated_at: string;
  draft_created_at?: string | null;
  import_id?: number | null;
  last_action?: string | null;
  last_created_by?: number | null;
  parent_prediction?: number | null;
  parent_annotation?: number | null;
  bulk_created?: boolean;
}

export interface RemotePrediction {
  id: number;
  result?: unknown;
  score?: number | null;
  model_version?: string | null;
  cluster?: number | null;
  neighbors?: unknown;
  mislabeling?: number | null;
  created_at?: string;
  updated_at?: string;
}

export interface RemoteTask {
  id: number;
  data: unknown;
  meta?: unknown;
  created_at?: string;
  updated_at: string;
  overlap?: number;
  allow_skip?: boolean | null;
  /** The data manager lists it as `[{"user_id": 1}]`; an id in some other answers. */
  updated_by?: unknown;
  /** The uploaded file the task came from (its base name), or null. */
  file_upload?: string | null;
  annotations?: RemoteAnnotation[];
  predictions?: RemotePrediction[];
}

export interface RemoteTaskPage {
  total?: number;
  tasks: RemoteTask[];
  /** What the remote's export adds to these tasks (remoteExtras.ts), fetched with the page. */
  extras?: Map<number, RemoteTaskExtras>;
  /** The last page of the walk, when known beforehand (a walk by id ranges). */
  lastPage?: number;
  /** The last remote task id the page covered: the walk's checkpoint after it. */
  throughId?: number;
}

/** The version of a remote annotation that three-way resolution compares. */
export function remoteVersion(annotation: RemoteAnnotation): AnnotationVersion {
  return {
    result: canonicalJson(annotation.result ?? null),
    wasCancelled: annotation.was_cancelled === true,
    groundTruth: annotation.ground_truth === true,
  };
}

/** The same for a stored result (JSON text), skip flag and ground-truth mark. */
export function storedVersion(result: string, wasCancelled: number, groundTruth: number): AnnotationVersion {
  return {
    result: canonicalJson(JSON.parse(result) as unknown),
    wasCancelled: wasCancelled === 1,
    groundTruth: groundTruth === 1,
  };
}

export function completedById(annotation: RemoteAnnotation): number | null {
  const value = annotation.completed_by;
  if (value === undefined || value === null) return null;
  return typeof value === 'number' ? value : value.id;
}

export interface ParsedAuthor {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Reads `created_username` (`"<first> <last> <email>, <id>"`). Names with spaces cannot be split
 * exactly: the first word is taken as the first name. An expanded `completed_by` wins when given.
 */
export function authorOf(annotation: RemoteAnnotation): ParsedAuthor | null {
  const value = annotation.completed_by;
  if (value && typeof value === 'object' && typeof value.email === 'string') {
    return { id: value.id, email: value.email, first_name: value.first_name ?? '', last_name: value.last_name ?? '' };
  }
  const match = /^(.*?)\s*([^\s,]*), (\d+)$/.exec(annotation.created_username ?? '');
  const id = completedById(annotation);
  if (!match || id === null || Number(match[3]) !== id) return null;
  const names = (match[1] ?? '').trim();
  const space = names.indexOf(' ');
  return {
    id,
    email: match[2] ?? '',
    first_name: space < 0 ? names : names.slice(0, space),
    last_name: space < 0 ? '' : names.slice(space + 1).trim(),
  };
}

/** The remote id of whoever last updated a task, in either of the shapes servers give it. */
export function taskUpdaterId(task: RemoteTask): number | null {
  const value = Array.isArray(task.updated_by)
    ? (task.updated_by[0] as { user_id?: unknown } | undefined)?.user_id
    : task.updated_by;
  return typeof value === 'number' ? value : null;
}
