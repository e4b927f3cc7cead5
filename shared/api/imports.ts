import { z } from 'zod';

/*
 * Label Studio 1.22's imports as Outpost serves them: the answers of `POST /api/projects/{id}/import`
 * and `/reimport`, and `FileUploadSerializer` (`/api/projects/{id}/file-uploads` items).
 */

/** `{".csv": 1}` for files and URLs, but `[]` for a JSON body (Label Studio's quirk). */
const foundFormatsSchema = z.union([z.record(z.string(), z.number()), z.array(z.never())]);

/** The 201 body of an import (docs/label-studio-compatibility.md#import), in Label Studio's key order. */
export const importAnswerSchema = z.strictObject({
  task_count: z.number(),
  /** null when nothing was committed (`commit_to_project=false`). */
  annotation_count: z.number().nullable(),
  prediction_count: z.number().nullable(),
  duration: z.number(),
  file_upload_ids: z.array(z.number()),
  could_be_tasks_list: z.boolean(),
  found_formats: foundFormatsSchema,
  data_columns: z.array(z.string()),
  /** Only with `return_task_ids`, when tasks were written. */
  task_ids: z.array(z.number()).optional(),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** `POST /api/projects/{id}/reimport`: always committed, so the counts are numbers. */
export const reimportAnswerSchema = z.strictObject({
  task_count: z.number(),
  annotation_count: z.number(),
  prediction_count: z.number(),
  duration: z.number(),
  file_upload_ids: z.array(z.number()),
  found_formats: z.record(z.string(), z.number()),
  data_columns: z.array(z.string()),
});
export type ReimportAnswer = z.infer<typeof reimportAnswerSchema>;

export const fileUploadSchema = z.strictObject({
  id: z.number(),
  /** `upload/<project>/<8 hex>-<original name>`. */
  file: z.string(),
  size: z.number(),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;
export const fileUploadListSchema = z.array(fileUploadSchema);
