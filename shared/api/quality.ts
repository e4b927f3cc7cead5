import { z } from 'zod';

/*
 * The wire shape of `GET /api/outpost/projects/{id}/quality`: how far a project's annotators agree,
 * computed on request from the annotations (docs/agreement.md explains every figure). Scores are in
 * [0, 1]; kappas and alphas in [-1, 1]. A figure that cannot be computed (too few annotators, no
 * shared task, a statistic undefined on the data) is null, never a number that might pass for one.
 */

export const qualityUserSchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type QualityUser = z.infer<typeof qualityUserSchema>;

export const qualityAnnotatorSchema = z.strictObject({
  /** The annotator's user id; 0 for annotations whose author is unknown. */
  id: z.number(),
  /** Null when the id names no user (deleted, or never recorded). */
  user: qualityUserSchema.nullable(),
  /** Tasks with at least one annotation (not a skip) by this annotator. */
  tasks: z.number(),
  /** Mean agreement with the other annotators, over every (task, other annotator) pair scored. */
  agreement: z.number().nullable(),
  /** Mean agreement with the ground-truth annotations of the tasks that have one. */
  accuracy: z.number().nullable(),
  /** How many of the annotator's annotations that accuracy is over. */
  accuracy_annotations: z.number(),
});
export type QualityAnnotator = z.infer<typeof qualityAnnotatorSchema>;

export const qualityMatrixSchema = z.strictObject({
  /** Annotator ids, the order of the rows and columns. */
  annotators: z.array(z.number()),
  /** scores[i][j]: mean agreement of i and j over the tasks both annotated; null if none; 1 on the diagonal. */
  scores: z.array(z.array(z.number().nullable())),
  /** tasks[i][j]: how many tasks both annotated (and were scored). */
  tasks: z.array(z.array(z.number())),
});
export type QualityMatrix = z.infer<typeof qualityMatrixSchema>;

export const qualityControlSchema = z.strictObject({
  /** The control's name in the labeling config. */
  from_name: z.string(),
  /** Its tag: `Choices`, `Rating` or `Number`. */
  type: z.string(),
  /** The level Krippendorff's alpha is computed at: nominal for choices, ordinal for ratings, interval for numbers. */
  level: z.enum(['nominal', 'ordinal', 'interval']),
  /** Annotators who answered the control at least once. */
  annotators: z.number(),
  /** Tasks answered by at least two of them. */
  items: z.number(),
  /** Only when exactly two annotators answered the control. */
  cohen_kappa: z.number().nullable(),
  /** Over the tasks every one of those annotators answered. */
  fleiss_kappa: z.number().nullable(),
  krippendorff_alpha: z.number().nullable(),
});
export type QualityControl = z.infer<typeof qualityControlSchema>;

export const qualityTaskSchema = z.strictObject({
  id: z.number(),
  /** Distinct annotators with an annotation that is not a skip. */
  annotators: z.number(),
  /** Pairs of annotations by different annotators that were scored. */
  pairs: z.number(),
  /** Mean over those pairs; null with fewer than two annotators. */
  agreement: z.number().nullable(),
});
export type QualityTask = z.infer<typeof qualityTaskSchema>;

export const projectQualitySchema = z.strictObject({
  project: z.number(),
  /** Mean of the tasks' agreements, over the tasks that have one. */
  agreement: z.number().nullable(),
  /** Tasks with an agreement (two annotators or more). */
  tasks_with_agreement: z.number(),
  annotators: z.array(qualityAnnotatorSchema),
  matrix: qualityMatrixSchema,
  controls: z.array(qualityControlSchema),
  /** Every task with an annotation that is not a skip, by id. */
  tasks: z.array(qualityTaskSchema),
});
export type ProjectQuality = z.infer<typeof projectQualitySchema>;

/** The CSV tables of the report: `?format=csv&table=…`. */
export const qualityTableSchema = z.enum(['tasks', 'annotators', 'pairs']);
export type QualityTable = z.infer<typeof qualityTableSchema>;
