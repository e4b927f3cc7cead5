import { z } from 'zod';

/*
 * Label Studio 1.22's ML backends as Outpost serves them (`/api/ml`): `MLBackendSerializer`, and
 * the answers of `predict/test`, `versions` and `interactive-annotating`.
 */

export const ML_STATES = ['CO', 'DI', 'ER', 'TR', 'PR'] as const;
export type MlState = (typeof ML_STATES)[number];
export const ML_AUTH_METHODS = ['NONE', 'BASIC_AUTH'] as const;
export type MlAuthMethod = (typeof ML_AUTH_METHODS)[number];

export const mlBackendSchema = z.strictObject({
  id: z.number(),
  state: z.enum(ML_STATES),
  readable_state: z.string(),
  is_interactive: z.boolean(),
  url: z.string(),
  error_message: z.string().nullable(),
  title: z.string().nullable(),
  auth_method: z.enum(ML_AUTH_METHODS),
  basic_auth_user: z.string().nullable(),
  /** The password itself is write-only and never leaves the server. */
  basic_auth_pass_is_set: z.boolean(),
  description: z.string().nullable(),
  extra_params: z.unknown(),
  model_version: z.string().nullable(),
  timeout: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  auto_update: z.boolean(),
  project: z.number(),
});
export type MlBackend = z.infer<typeof mlBackendSchema>;
export const mlBackendListSchema = z.array(mlBackendSchema);

/** `POST /api/ml/{id}/predict/test?random=true`: the request sent to the model and its raw answer. */
export const predictTestAnswerSchema = z.strictObject({
  status: z.number(),
  error_message: z.string().nullable(),
  url: z.string(),
  /** The task as the model was sent it (Label Studio's export shape, which varies with the project). */
  task: z.record(z.string(), z.unknown()).nullable(),
  request: z.unknown(),
  response: z.unknown(),
});
export type PredictTestAnswer = z.infer<typeof predictTestAnswerSchema>;

/** `GET /api/ml/{id}/versions`: the model's own list, passed on as it came; the message when it has none. */
export const backendVersionsAnswerSchema = z.strictObject({
  versions: z.array(z.unknown()),
  message: z.string().optional(),
});
export type BackendVersionsAnswer = z.infer<typeof backendVersionsAnswerSchema>;

/** `POST /api/ml/{id}/interactive-annotating`: the model's first suggestion, or why there is none. */
export const interactiveAnswerSchema = z.union([
  z.strictObject({ data: z.unknown() }),
  z.strictObject({ errors: z.array(z.string()) }),
]);
export type InteractiveAnswer = z.infer<typeof interactiveAnswerSchema>;
