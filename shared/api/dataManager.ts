import { z } from 'zod';

/*
 * Label Studio 1.22's Data Manager as Outpost serves it
 * (docs/label-studio-compatibility.md#data-manager): tabs (`/api/dm/views/`), columns, actions and
 * their answers, and the task page of `GET /api/tasks/?fields=task_only`. The people the users
 * columns name are `/api/users/` items (users.ts).
 */

/** A filter as the view stores it; `child_filter` narrows a related column. */
export interface DmFilterItem {
  filter: string;
  operator: string;
  type: string;
  value: unknown;
  child_filter?: DmFilterItem;
}

export const dmFilterItemSchema: z.ZodType<DmFilterItem> = z.strictObject({
  filter: z.string(),
  operator: z.string(),
  type: z.string(),
  value: z.unknown(),
  child_filter: z.lazy(() => dmFilterItemSchema).optional(),
});

export const dmFiltersSchema = z.strictObject({
  conjunction: z.enum(['and', 'or']),
  items: z.array(dmFilterItemSchema),
});
export type DmFilters = z.infer<typeof dmFiltersSchema>;

/**
 * A tab's `data`: whatever its client stored (Label Studio's own page keeps more keys, such as
 * `type` or `columnsWidth`), with the filters, ordering and selection folded back in.
 */
export const dmViewDataSchema = z.looseObject({
  title: z.string().optional(),
  // Another client (the SDK, Label Studio's own page) may have stored these in a shape of its
  // own: the page then starts that part afresh instead of refusing the whole tab.
  filters: dmFiltersSchema.optional().catch(undefined),
  ordering: z.array(z.string()).optional().catch(undefined),
  hiddenColumns: z
    .object({ explore: z.array(z.string()), labeling: z.array(z.string()) })
    .optional()
    .catch(undefined),
  selectedItems: z.unknown().optional(),
});
export type DmViewData = z.infer<typeof dmViewDataSchema>;

/** `ViewSerializer`. */
export const dmViewSchema = z.strictObject({
  id: z.number(),
  data: dmViewDataSchema,
  order: z.number().nullable(),
  user: z.number().nullable(),
  project: z.number(),
});
export type DmView = z.infer<typeof dmViewSchema>;
export const dmViewListSchema = z.array(dmViewSchema);

/** One column of `GET /api/dm/columns/`: a data key (parent `data`), a built-in task column, or the `data` parent. */
export const dmColumnSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  target: z.literal('tasks'),
  help: z.string().optional(),
  parent: z.literal('data').optional(),
  children: z.array(z.string()).optional(),
  /** The choices of list columns: member ids (people) or model versions. */
  schema: z
    .strictObject({ items: z.array(z.union([z.number(), z.string()])), multiple: z.boolean().optional() })
    .optional(),
  visibility_defaults: z.strictObject({ explore: z.boolean(), labeling: z.boolean() }).optional(),
  project_defined: z.boolean(),
});
export type DmColumn = z.infer<typeof dmColumnSchema>;
export const dmColumnsAnswerSchema = z.strictObject({ columns: z.array(dmColumnSchema) });
export type DmColumnsAnswer = z.infer<typeof dmColumnsAnswerSchema>;

/** One action of `GET /api/dm/actions/`; a form made per project is null here, loaded from `/form`. */
export const dmActionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  order: z.number(),
  permission: z.union([z.string(), z.array(z.string())]),
  experimental: z.boolean().optional(),
  reload: z.boolean().optional(),
  hidden: z.boolean().optional(),
  disabled: z.boolean().optional(),
  dialog: z
    .strictObject({
      title: z.string().optional(),
      text: z.string(),
      type: z.literal('confirm'),
      form: z.null().optional(),
    })
    .nullable(),
});
export type DmAction = z.infer<typeof dmActionSchema>;
export const dmActionListSchema = z.array(dmActionSchema);

/** What `POST /api/dm/actions/?id=` answers for the actions the domain runs (predictions: ml.ts). */
export const dmActionResultSchema = z.strictObject({
  processed_items: z.number().optional(),
  /** The project has no task left: its tabs went too. */
  reload: z.boolean().optional(),
  detail: z.string().optional(),
});
export type DmActionResult = z.infer<typeof dmActionResultSchema>;

/** The task model's own fields, shared by every task serializer. */
export const taskModelFieldsSchema = z.strictObject({
  id: z.number(),
  data: z.record(z.string(), z.unknown()),
  meta: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
  is_labeled: z.boolean(),
  overlap: z.number(),
  inner_id: z.number(),
  total_annotations: z.number(),
  cancelled_annotations: z.number(),
  total_predictions: z.number(),
  comment_count: z.number(),
  unresolved_comment_count: z.number(),
  last_comment_updated_at: z.string().nullable(),
  project: z.number(),
});
export type TaskModelFields = z.infer<typeof taskModelFieldsSchema>;

/** A Data Manager task with `fields=task_only`: the model fields and every computed column. */
export const dmTaskSchema = z.strictObject({
  ...taskModelFieldsSchema.shape,
  comment_authors: z.array(z.unknown()),
  allow_skip: z.boolean().nullable(),
  file_upload: z.string().nullable(),
  storage_filename: z.string().nullable(),
  annotators: z.array(z.number()),
  /** The caller's drafts, empty unless `fields=all`. */
  drafts: z.array(z.unknown()),
  updated_by: z.array(z.strictObject({ user_id: z.number() })),
  completed_at: z.string().nullable(),
  annotations_results: z.string(),
  predictions_results: z.string(),
  predictions_score: z.number().nullable(),
  annotations_ids: z.string(),
  predictions_model_versions: z.string(),
  avg_lead_time: z.number().nullable(),
  draft_exists: z.boolean(),
  /** Agreement between the task's annotators, 0..1; null with fewer than two. Data Manager pages (task_only) only. */
  agreement: z.number().nullable().optional(),
});
export type DmTask = z.infer<typeof dmTaskSchema>;

/** `GET /api/tasks/?view=…&fields=task_only`: the page and the totals of the whole filtered set. */
export const dmTaskPageSchema = z.strictObject({
  total_annotations: z.number(),
  total_predictions: z.number(),
  total: z.number(),
  tasks: z.array(dmTaskSchema),
});
export type DmTaskPage = z.infer<typeof dmTaskPageSchema>;
