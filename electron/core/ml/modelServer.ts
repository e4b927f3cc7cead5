/*
 * What Outpost says to a model server (Label Studio's MLApi): the same five calls whether the
 * model runs behind HTTP or inside Outpost (the built-in local model), so the rest of the ML code
 * never knows which it talks to. A call never throws: it answers what the server said, or why it
 * could not be heard, in words a person can act on.
 */

/** The model server's answer: its JSON body, or the reason the call failed. */
export type ModelCallResult =
  | { ok: true; status: number; body: unknown }
  /** `waiting`: the model cannot answer yet through no fault of its own (the built-in one before its first training). */
  | { ok: false; status: number; error: string; waiting?: boolean };

/** `POST /setup`: the project the model serves, and how it can read this server's media. */
export interface SetupRequest {
  /** `<project id>.<project created_at as Unix seconds>`, Label Studio's project uid. */
  project: string;
  schema: string;
  /** This server's address, for media URLs the tasks hold as paths (`/data/upload/...`). */
  hostname: string;
  /** A token of the project's owner, so the model can fetch media (Label Studio sends the legacy key). */
  access_token: string;
  extra_params: unknown;
}

/** `POST /predict`: tasks in Label Studio's TaskSimpleSerializer shape. */
export interface PredictRequest {
  tasks: Record<string, unknown>[];
  project: string;
  label_config: string;
  params: { login: string | null; password: string | null; context: unknown };
}

export interface ModelServer {
  health(signal?: AbortSignal): Promise<ModelCallResult>;
  setup(request: SetupRequest, signal?: AbortSignal): Promise<ModelCallResult>;
  predict(request: PredictRequest, signal?: AbortSignal): Promise<ModelCallResult>;
  /** `POST /webhook`: training (`START_TRAINING`) and annotation events. */
  webhook(event: Record<string, unknown>, signal?: AbortSignal): Promise<ModelCallResult>;
  /** `GET /versions`: the model versions the server can serve. */
  versions(project: string, signal?: AbortSignal): Promise<ModelCallResult>;
}
