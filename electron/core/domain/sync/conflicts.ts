import type { Db } from '../../db/open.js';
import {
  countOpenConflictsByProject,
  findConflictAnnotation,
  findSyncConflict,
  listAnnotationIdsOfTask,
  listSyncConflicts,
  readTaskData,
  type ConflictFilter,
  type SyncConflictRow,
} from '../../db/repos/syncConflictsRepo.js';
import {
  CONFLICT_KINDS,
  conflictRegionsSchema,
  RESOLUTIONS,
  type Conflict,
  type ConflictAnnotation,
  type ConflictCounts,
  type ConflictKind,
  type ConflictRegions,
  type Resolution,
} from '../../../../shared/api/conflicts.js';
import type { DomainContext } from '../context.js';
import { NotFoundError } from '../errors.js';

/*
 * The conflicts a pull recorded, as `/api/outpost/conflicts/` shows them: each with both
 * versions side by side ("local" = the annotator's, "remote" = the mirror of the remote one)
 * so a person can choose (see conflictsResolve.ts).
 */

export const NO_CONFLICT = 'No SyncConflict matches the given query.';

export interface ConflictView {
  id: number;
  remote: number;
  project: number;
  task: number;
  kind: ConflictKind;
  created_at: string;
  resolved_at: string | null;
  resolution: Resolution | null;
  remote_annotation_id: number | null;
  local: ConflictAnnotation | null;
  remote_version: ConflictAnnotation | null;
  task_data: unknown;
  /** For `task_deleted_there`: the work the task holds here (empty for other kinds). */
  task_annotations: ConflictAnnotation[];
  regions: ConflictRegions | null;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Only the pull writes `kind` and only a resolution writes `resolution`, both from these lists. */
function oneOf<T extends string>(allowed: readonly T[], column: string, value: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`Unknown sync_conflicts.${column}: ${value}`);
  return value as T;
}

export function conflictAnnotation(db: Db, id: number | null): ConflictAnnotation | null {
  const row = id === null ? undefined : findConflictAnnotation(db, id);
  if (!row) return null;
  return {
    id: row.id,
    result: parseJson(row.result),
    was_cancelled: row.was_cancelled === 1,
    updated_at: row.updated_at,
    completed_by:
      row.completed_by === null
        ? null
        : {
            id: row.completed_by,
            email: row.author_email ?? '',
            first_name: row.author_first_name ?? '',
            last_name: row.author_last_name ?? '',
          },
  };
}

function taskAnnotations(db: Db, row: SyncConflictRow): ConflictAnnotation[] {
  if (row.kind !== 'task_deleted_there') return [];
  return listAnnotationIdsOfTask(db, row.task)
    .map((id) => conflictAnnotation(db, id))
    .filter((item): item is ConflictAnnotation => item !== null);
}

/**
 * The wire form. Its JSON names the two sides `local` and `remote`; `remote` is also the remote
 * server's id in the row, so the view keeps them apart and `toWire` renames.
 */
export function viewConflict(db: Db, row: SyncConflictRow): ConflictView {
  return {
    id: row.id,
    remote: row.remote,
    project: row.project,
    task: row.task,
    kind: oneOf(CONFLICT_KINDS, 'kind', row.kind),
    created_at: row.created_at,
    resolved_at: row.resolved_at,
    resolution: row.resolution === null ? null : oneOf(RESOLUTIONS, 'resolution', row.resolution),
    remote_annotation_id: row.remote_annotation_id,
    local: conflictAnnotation(db, row.local_annotation),
    remote_version: conflictAnnotation(db, row.mirror_annotation),
    task_data: parseJson(readTaskData(db, row.task)),
    task_annotations: taskAnnotations(db, row),
    regions: row.regions === null ? null : conflictRegionsSchema.parse(JSON.parse(row.regions)),
  };
}

/** The JSON body: `remote` is the remote version (an annotation or null), `remote_server` the remote's id. */
export function toWire(view: ConflictView): Conflict {
  const { remote, remote_version, ...rest } = view;
  return { ...rest, remote_server: remote, remote: remote_version };
}

export function listConflicts(ctx: DomainContext, filter: ConflictFilter): Conflict[] {
  return listSyncConflicts(ctx.db, filter).map((row) => toWire(viewConflict(ctx.db, row)));
}

export function getConflictRow(db: Db, id: number): SyncConflictRow {
  const row = findSyncConflict(db, id);
  if (!row) throw new NotFoundError(NO_CONFLICT);
  return row;
}

export function getConflict(ctx: DomainContext, id: number): Conflict {
  return toWire(viewConflict(ctx.db, getConflictRow(ctx.db, id)));
}

/** `{<project id>: open conflicts}`, for badges; projects without any are left out. */
export function countOpenConflicts(ctx: DomainContext): ConflictCounts {
  return Object.fromEntries(countOpenConflictsByProject(ctx.db).map((row) => [String(row.project), row.open]));
}
