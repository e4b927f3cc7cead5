import { z } from 'zod';
import { syncScopeSchema } from './syncScope.js';

/*
 * The wire shapes of `/api/outpost/remotes/`: the remote Label Studio servers this Outpost syncs
 * with, their projects and their sync runs. A remote's token is never part of them.
 */

export const SYNC_RUN_STATUSES = ['running', 'completed', 'failed', 'cancelled'] as const;
export const syncRunStatusSchema = z.enum(SYNC_RUN_STATUSES);
export type SyncRunStatus = z.infer<typeof syncRunStatusSchema>;

export const syncRunErrorSchema = z.strictObject({ phase: z.string(), item: z.string(), message: z.string() });
export type SyncRunError = z.infer<typeof syncRunErrorSchema>;

/** How far a live run is inside its phase (only on a running run of the serving process). */
export const syncRunProgressSchema = z.strictObject({
  detail: z.string().nullable(),
  done: z.number(),
  total: z.number().nullable(),
  /** About how long the phase still needs, from its pace so far; null before there is one. */
  seconds_left: z.number().nullable().optional(),
});
export type SyncRunProgress = z.infer<typeof syncRunProgressSchema>;

/** A local project a run recorded conflicts in, to link the run to its Conflicts page. */
export const runConflictProjectSchema = z.strictObject({
  id: z.number(),
  title: z.string().nullable(),
  conflicts: z.number(),
});
export type RunConflictProject = z.infer<typeof runConflictProjectSchema>;

export const syncRunSchema = z.strictObject({
  id: z.number(),
  remote: z.number(),
  status: syncRunStatusSchema,
  phase: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** `{pulled, pushed, conflicts}` once counted, `{}` before; older runs may hold fewer counts. */
  stats: z.record(z.string(), z.unknown()),
  errors: z.array(syncRunErrorSchema),
  /** Empty when the run met no conflict. */
  conflict_projects: z.array(runConflictProjectSchema),
  progress: syncRunProgressSchema.optional(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;
export const syncRunListSchema = z.array(syncRunSchema);

export const remoteSchema = z.strictObject({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  token_kind: z.enum(['legacy', 'pat']),
  remote_version: z.string().nullable(),
  remote_user_email: z.string().nullable(),
  sync_interval_minutes: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run: syncRunSchema.nullable(),
  /** Local changes (annotations, edits, deletions, tasks) journaled for this remote and not pushed yet. */
  pending_changes: z.number(),
});
export type Remote = z.infer<typeof remoteSchema>;
export const remoteListSchema = z.array(remoteSchema);

export const remoteProjectSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  task_number: z.number().nullable(),
  /** The local project mirroring it, or null when it was never pulled; `tasks`: how many it holds. */
  mirror: z
    .strictObject({ project: z.number(), last_pull_at: z.string().nullable(), tasks: z.number().optional() })
    .nullable(),
  /** The part of it the mirror holds (docs/sync.md#partial-mirrors); null: the whole project. */
  scope: syncScopeSchema.optional(),
});
export type RemoteProject = z.infer<typeof remoteProjectSchema>;
export const remoteProjectListSchema = z.array(remoteProjectSchema);

/** `POST /api/outpost/projects/{id}/copy-to-remote`: the run started (a run of the target remote) and the copy it runs. */
export const serverCopyStartedSchema = z.strictObject({
  run: syncRunSchema,
  copy: z.strictObject({
    id: z.number(),
    project: z.number(),
    remote: z.number(),
    title: z.string(),
    status: z.enum(['copying', 'done']),
  }),
});
export type ServerCopyStarted = z.infer<typeof serverCopyStartedSchema>;
