import { z } from 'zod';

/*
 * Label Studio 1.22's annotations and drafts as Outpost serves them: `AnnotationSerializer`
 * (docs/label-studio-compatibility.md#annotations-and-drafts; `completed_by` expanded to a user
 * where the task GET and the Data Manager ask for it) and `AnnotationDraftSerializer`. `state` is
 * absent with the FSM flags off.
 */

/** `CompletedByDMSerializer`: the author as `expand=completed_by` shows it. */
export const completedByUserSchema = z.strictObject({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  initials: z.string(),
});
export type CompletedByUser = z.infer<typeof completedByUserSchema>;

/** A region list as the editor wrote it; a JSON null result stays null. */
const resultSchema = z.array(z.record(z.string(), z.unknown())).nullable();

export const annotationSchema = z.strictObject({
  id: z.number(),
  result: resultSchema,
  created_username: z.string(),
  created_ago: z.string(),
  /** The author's id, or the author itself where expanded; null once the author is gone. */
  completed_by: z.union([z.number(), completedByUserSchema]).nullable(),
  was_cancelled: z.boolean(),
  ground_truth: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  draft_created_at: z.string().nullable(),
  lead_time: z.number().nullable(),
  import_id: z.number().nullable(),
  last_action: z.string().nullable(),
  bulk_created: z.boolean(),
  task: z.number(),
  project: z.number(),
  updated_by: z.number().nullable(),
  parent_prediction: z.number().nullable(),
  parent_annotation: z.number().nullable(),
  last_created_by: z.number().nullable(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const draftSchema = z.strictObject({
  id: z.number(),
  /** The author's email, which is how Label Studio prints a user. */
  user: z.string().nullable(),
  created_username: z.string(),
  created_ago: z.string(),
  result: resultSchema,
  lead_time: z.number().nullable(),
  was_postponed: z.boolean(),
  import_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  task: z.number(),
  annotation: z.number().nullable(),
});
export type Draft = z.infer<typeof draftSchema>;
