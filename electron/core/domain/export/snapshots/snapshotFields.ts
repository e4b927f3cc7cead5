import { z } from 'zod';
import { drfBoolean, drfChar, drfChoice, drfInteger } from '../../drfFields.js';

const onlyOrExclude = drfChoice(['only', 'exclude'], { allowNull: true }).optional();
const serializationOption = z.object({ only_id: drfBoolean().optional() }).optional();

/** ExportCreateSerializer's writable fields (docs/export-formats.md#snapshots). */
export const snapshotCreateSchema = z.object({
  title: drfChar({ allowBlank: true, maxLength: 2048 }).optional(),
  task_filter_options: z
    .object({
      view: drfInteger().optional(),
      skipped: onlyOrExclude,
      finished: onlyOrExclude,
      annotated: onlyOrExclude,
      only_with_annotations: drfBoolean().optional(),
    })
    .nullable()
    .optional(),
  annotation_filter_options: z
    .object({
      usual: drfBoolean({ allowNull: true }).optional(),
      ground_truth: drfBoolean({ allowNull: true }).optional(),
      skipped: drfBoolean({ allowNull: true }).optional(),
    })
    .nullable()
    .optional(),
  serialization_options: z
    .object({
      drafts: serializationOption,
      predictions: serializationOption,
      annotations__completed_by: serializationOption,
      include_annotation_history: drfBoolean().optional(),
      interpolate_key_frames: drfBoolean().optional(),
    })
    .nullable()
    .optional(),
});

export type SnapshotCreateInput = z.output<typeof snapshotCreateSchema>;
export type TaskFilterOptions = NonNullable<SnapshotCreateInput['task_filter_options']>;
export type AnnotationFilterOptions = NonNullable<SnapshotCreateInput['annotation_filter_options']>;
export type SerializationOptions = NonNullable<SnapshotCreateInput['serialization_options']>;
