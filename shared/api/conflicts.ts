import { z } from 'zod';

/*
 * The wire shape of `/api/outpost/conflicts/`: what a sync could not settle alone, as the server
 * builds it and the renderer shows it. `local` is the annotator's version here, `remote` the
 * remote's (null when that side deleted it); `remote_server` is the remote's id.
 */

export const CONFLICT_KINDS = [
  'edited_on_both_sides',
  'edited_here_deleted_there',
  'deleted_here_edited_there',
  'task_deleted_there',
] as const;
export const conflictKindSchema = z.enum(CONFLICT_KINDS);
export type ConflictKind = z.infer<typeof conflictKindSchema>;

export const RESOLUTIONS = ['keep_mine', 'keep_theirs', 'keep_both'] as const;
export const resolutionSchema = z.enum(RESOLUTIONS);
export type Resolution = z.infer<typeof resolutionSchema>;

export const conflictAuthorSchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ConflictAuthor = z.infer<typeof conflictAuthorSchema>;

export const conflictAnnotationSchema = z.strictObject({
  id: z.number(),
  /** Label Studio's result list, or the stored text when it is not JSON. */
  result: z.unknown(),
  was_cancelled: z.boolean(),
  updated_at: z.string(),
  completed_by: conflictAuthorSchema.nullable(),
});
export type ConflictAnnotation = z.infer<typeof conflictAnnotationSchema>;

/**
 * One unit that changed differently on both sides: a result item (a region's output of one
 * control, or a relation) or the skip flag against edits. `here`/`there` hold each side's item
 * (null: removed on that side) or, for a skip, each side's flag.
 */
export const regionClashSchema = z.strictObject({
  kind: z.enum(['item', 'skip']),
  unit: z.string(),
  here: z.unknown(),
  there: z.unknown(),
});
export type RegionClash = z.infer<typeof regionClashSchema>;

/** For two edits merged region by region: the regions that clashed, and how many merged. */
export const conflictRegionsSchema = z.strictObject({
  clashes: z.array(regionClashSchema),
  merged: z.number(),
});
export type ConflictRegions = z.infer<typeof conflictRegionsSchema>;

export const conflictSchema = z.strictObject({
  id: z.number(),
  project: z.number(),
  task: z.number(),
  kind: conflictKindSchema,
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution: resolutionSchema.nullable(),
  remote_annotation_id: z.number().nullable(),
  remote_server: z.number(),
  local: conflictAnnotationSchema.nullable(),
  remote: conflictAnnotationSchema.nullable(),
  task_data: z.unknown(),
  /** For `task_deleted_there`: the work the task holds here (empty for other kinds). */
  task_annotations: z.array(conflictAnnotationSchema),
  /** Set when the two versions were merged by region and only some regions clash; null otherwise. */
  regions: conflictRegionsSchema.nullable(),
});
export type Conflict = z.infer<typeof conflictSchema>;

export const conflictListSchema = z.array(conflictSchema);

/** `/api/outpost/conflicts/counts/`: open conflicts per project id; projects without any are absent. */
export const conflictCountsSchema = z.record(z.string().regex(/^\d+$/), z.number());
export type ConflictCounts = z.infer<typeof conflictCountsSchema>;
