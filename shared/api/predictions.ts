import { z } from 'zod';

/*
 * Predictions as Outpost's PredictionSerializer prints them (in task answers and /api/predictions),
 * a project's model versions, and the sample task of a config being edited.
 */

export const predictionSchema = z.strictObject({
  id: z.number(),
  result: z.unknown(),
  score: z.number().nullable(),
  model_version: z.string(),
  cluster: z.number().nullable(),
  neighbors: z.unknown(),
  mislabeling: z.number(),
  created_ago: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  model: z.number().nullable(),
  model_run: z.number().nullable(),
  task: z.number(),
  project: z.number().nullable(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** `GET /api/projects/{id}/model-versions/`: each version with how many predictions it has. */
export const modelVersionCountsSchema = z.record(z.string(), z.number());
export type ModelVersionCounts = z.infer<typeof modelVersionCountsSchema>;

/** `POST /api/projects/{id}/sample-task/`: `sample_task` is a task's `data` for the config sent. */
export const sampleTaskAnswerSchema = z.strictObject({ sample_task: z.record(z.string(), z.unknown()) });
export type SampleTaskAnswer = z.infer<typeof sampleTaskAnswerSchema>;
