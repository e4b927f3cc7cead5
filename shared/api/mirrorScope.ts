import { z } from 'zod';

/*
 * The part of a remote project a mirror pulls (Outpost's own endpoints, not Label Studio's):
 * `GET|PUT /api/outpost/remotes/{id}/projects/{remoteProjectId}/scope` and the remote project's
 * tabs to choose from, `GET …/views`. Null is the whole project.
 */

/** The most tasks `ids` may list, and the most `unlabeled` may keep. */
export const MAX_SCOPE_TASKS = 100_000;

export const mirrorScopeSchema = z
  .discriminatedUnion('kind', [
    /** A Data Manager tab of the remote, with its filters as the remote applies them. */
    z.strictObject({ kind: z.literal('view'), view: z.number(), title: z.string() }),
    z.strictObject({ kind: z.literal('ids'), ids: z.array(z.number()) }),
    /** Remote task ids from `from` to `to`, both included. */
    z.strictObject({ kind: z.literal('range'), from: z.number(), to: z.number() }),
    /** Keep `count` tasks here that are not labeled yet; each sync tops them up. */
    z.strictObject({ kind: z.literal('unlabeled'), count: z.number() }),
  ])
  .nullable();
export type MirrorScope = z.infer<typeof mirrorScopeSchema>;

/** The answer of both GET and PUT, and the body of a PUT. */
export const scopeAnswerSchema = z.strictObject({ scope: mirrorScopeSchema });
export type ScopeAnswer = z.infer<typeof scopeAnswerSchema>;

/** A tab of the remote project; `filters` counts its filter items. */
export const remoteViewSchema = z.strictObject({ id: z.number(), title: z.string(), filters: z.number() });
export type RemoteView = z.infer<typeof remoteViewSchema>;
export const remoteViewListSchema = z.array(remoteViewSchema);
