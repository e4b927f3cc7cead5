import { z } from 'zod';

/*
 * Where mirrored projects and tasks live on their remote, as Outpost's own endpoints give it
 * (not part of Label Studio's API): `/api/outpost/mirrors/` and `/api/outpost/tasks/{id}/remote`.
 */

const remoteRefSchema = z.strictObject({ id: z.number(), name: z.string(), url: z.string() });

/** One local project pulled from a remote, with what waits to be pushed or resolved in it. */
export const mirrorSchema = z.strictObject({
  /** The local project. */
  project: z.number(),
  remote: remoteRefSchema,
  remote_project_id: z.number(),
  /** When it was last pulled completely (null: its first pull never finished). */
  last_pull_at: z.string().nullable(),
  last_push_at: z.string().nullable(),
  /** Its local changes waiting in the outbox to be pushed. */
  pending_changes: z.number(),
  open_conflicts: z.number(),
});
export type Mirror = z.infer<typeof mirrorSchema>;
export const mirrorListSchema = z.array(mirrorSchema);

/** Where a task lives on its remote; all null for a task of a project made here. */
export const taskRemoteLinkSchema = z.strictObject({
  remote: remoteRefSchema.nullable(),
  remote_project_id: z.number().nullable(),
  /** Null while a task created here has not been pushed yet. */
  remote_task_id: z.number().nullable(),
  /** The task in the remote's labeling page (its project's data page before a push). */
  url: z.string().nullable(),
});
export type TaskRemoteLink = z.infer<typeof taskRemoteLinkSchema>;
