import { z } from 'zod';

/*
 * What part of a remote project its mirror holds (docs/sync.md#partial-mirrors), as stored and
 * as sent: null for the whole project, else one of the kinds below. Ids are the remote's task ids.
 */

/** The most ids an `ids` scope may list, and the most tasks an `unlabeled` scope may keep. */
export const MAX_SCOPE_IDS = 100_000;

const integer = z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.');
const positive = integer.min(1, 'Ensure this value is greater than or equal to 1.');

export const viewScopeSchema = z.strictObject({
  kind: z.literal('view'),
  view: positive,
  /** The tab's title when it was chosen (the tab may be renamed there later). */
  title: z.string({ error: 'Not a valid string.' }),
});

export const idsScopeSchema = z.strictObject({
  kind: z.literal('ids'),
  ids: z
    .array(positive, { error: 'Expected a list of items.' })
    .min(1, 'This list may not be empty.')
    .max(MAX_SCOPE_IDS, `Ensure this field has no more than ${MAX_SCOPE_IDS} elements.`),
});

export const rangeScopeSchema = z
  .strictObject({ kind: z.literal('range'), from: positive, to: positive })
  .refine((range) => range.from <= range.to, { message: 'Must not be less than from.', path: ['to'] });

export const unlabeledScopeSchema = z.strictObject({
  kind: z.literal('unlabeled'),
  count: positive.max(MAX_SCOPE_IDS, `Ensure this value is less than or equal to ${MAX_SCOPE_IDS}.`),
});

export const syncScopeSchema = z
  .discriminatedUnion('kind', [viewScopeSchema, idsScopeSchema, rangeScopeSchema, unlabeledScopeSchema], {
    error: (issue) =>
      issue.input === undefined
        ? 'This field is required.'
        : issue.code === 'invalid_union'
          ? '"kind" must be one of view, ids, range, unlabeled.'
          : 'Expected an object.',
  })
  .nullable();
export type SyncScope = z.infer<typeof syncScopeSchema>;
export type ScopeKind = NonNullable<SyncScope>['kind'];

/** `GET|PUT /api/outpost/remotes/{id}/projects/{remoteProjectId}/scope`. */
export const syncScopeBodySchema = z.strictObject({ scope: syncScopeSchema });
export type SyncScopeBody = z.infer<typeof syncScopeBodySchema>;

/** One tab of the remote project, as `GET .../projects/{remoteProjectId}/views` lists it. */
export const remoteViewSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  /** How many filter items the tab has. */
  filters: z.number(),
});
export type RemoteView = z.infer<typeof remoteViewSchema>;
export const remoteViewListSchema = z.array(remoteViewSchema);
