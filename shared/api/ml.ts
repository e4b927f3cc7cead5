import { z } from 'zod';

/*
 * The wire shapes of Outpost's own ML endpoints (not part of Label Studio's API):
 * `/api/outpost/ml/jobs`, the prediction runs of the serving process with their progress, and
 * `/api/outpost/ml/local-model`, the built-in model's training state and how well it does
 * (the route file documents each field).
 */

export const PREDICTION_JOB_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export type PredictionJobStatus = (typeof PREDICTION_JOB_STATUSES)[number];

export const predictionJobSchema = z.strictObject({
  id: z.number(),
  project: z.number(),
  backend: z.number(),
  status: z.enum(PREDICTION_JOB_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  done: z.number(),
  total: z.number(),
  created: z.number(),
  failed: z.number(),
});
export type PredictionJob = z.infer<typeof predictionJobSchema>;
export const predictionJobListSchema = z.array(predictionJobSchema);

/**
 * `POST /api/dm/actions?id=retrieve_tasks_predictions`: Label Studio's `processed_items` and
 * `detail`, plus what happened to the tasks that got no prediction. Without a model there was no
 * run, hence no job, skipped or cancelled.
 */
export const retrievePredictionsAnswerSchema = z.strictObject({
  processed_items: z.number(),
  detail: z.string(),
  job: z.number().optional(),
  created: z.number(),
  skipped: z.number().optional(),
  cancelled: z.boolean().optional(),
  /** The first hundred tasks the model failed, with why. */
  errors: z.array(z.strictObject({ task: z.number(), error: z.string() })),
});
export type RetrievePredictionsAnswer = z.infer<typeof retrievePredictionsAnswerSchema>;

export const classificationMetricsSchema = z.strictObject({
  kind: z.literal('classification'),
  held_out: z.number(),
  correct: z.number(),
  /** Share of held-out tasks whose predicted choices are exactly the annotated ones. */
  accuracy: z.number().nullable(),
  /** The accuracy of always answering the most common annotated choices: what chance gives. */
  majority_baseline: z.number().nullable(),
  /** Why there is no accuracy, when there is none. */
  note: z.string().optional(),
});
export type ClassificationMetrics = z.infer<typeof classificationMetricsSchema>;

export const spanMetricsSchema = z.strictObject({
  kind: z.literal('spans'),
  held_out: z.number(),
  /** Annotated spans, predicted spans, and predicted spans equal to an annotated one (start, end, label). */
  expected: z.number(),
  predicted: z.number(),
  correct: z.number(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  f1: z.number().nullable(),
  note: z.string().optional(),
});
export type SpanMetrics = z.infer<typeof spanMetricsSchema>;

export const controlMetricsSchema = z.discriminatedUnion('kind', [classificationMetricsSchema, spanMetricsSchema]);
export type ControlMetrics = z.infer<typeof controlMetricsSchema>;

/** A project's ONNX detector, as `/api/outpost/ml/detector` and the built-in model's status show it. */
export const detectorSettingSchema = z.strictObject({
  project: z.number(),
  file_name: z.string(),
  /** Where the file was copied from (Outpost uses its own copy); null when its bytes were uploaded. */
  source_path: z.string().nullable(),
  size: z.number(),
  set_at: z.string(),
  model_version: z.string(),
  input_width: z.number(),
  input_height: z.number(),
  layout: z.enum(['yolov8', 'yolov5']),
  /** The model also outputs masks: BrushLabels and PolygonLabels get them, RectangleLabels its boxes. */
  segmenter: z.boolean(),
  score_threshold: z.number(),
  class_names: z.array(z.string()),
  class_names_from: z.enum(['metadata', 'setting']),
  /** The config's label each class is predicted as, by class index; null for a class no label matches. */
  class_labels: z.array(z.string().nullable()),
  /** Classes no label of the config matches (exactly, or but for case): they are never predicted. */
  unmapped_classes: z.array(z.string()),
});
export type DetectorSetting = z.infer<typeof detectorSettingSchema>;

export const LOCAL_MODEL_STATES = ['untrained', 'training', 'ready'] as const;
export type LocalModelState = (typeof LOCAL_MODEL_STATES)[number];

export const localModelStatusSchema = z.strictObject({
  project: z.number(),
  supported: z.boolean(),
  /** Why it cannot learn the project's config, is not trained, or was not retrained; else null. */
  reason: z.string().nullable(),
  /** The controls it learns, in config order. */
  controls: z.array(
    z.strictObject({ name: z.string(), kind: z.enum(['classification', 'spans', 'ocr', 'detection', 'segmentation']) }),
  ),
  state: z.enum(LOCAL_MODEL_STATES),
  model_version: z.string(),
  version: z.number().nullable(),
  trained_at: z.string().nullable(),
  annotation_count: z.number(),
  held_out: z.number(),
  /** A fraction from 0 to 1, measured on the held-out annotations; null before there are any. */
  accuracy: z.number().nullable(),
  /** Figures per control name, measured on the held-out tasks. */
  metrics: z.record(z.string(), controlMetricsSchema),
  /** The ONNX detector set for the project, when one is (`/api/outpost/ml/detector`). */
  detector: detectorSettingSchema.optional(),
});
export type LocalModelStatus = z.infer<typeof localModelStatusSchema>;
