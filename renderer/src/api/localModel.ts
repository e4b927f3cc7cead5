import { ApiError, type ApiClient } from './client';

/* `/api/outpost/ml/local-model` (Outpost's own): the built-in model's training state and accuracy. */

export type LocalModelState = 'untrained' | 'training' | 'ready';

export interface LocalModelStatus {
  project: number;
  supported: boolean;
  /** Why it cannot learn the project's config, is not trained, or was not retrained; else null. */
  reason: string | null;
  controls: { name: string; kind: string }[];
  state: LocalModelState;
  model_version: string | null;
  version: number | null;
  trained_at: string | null;
  annotation_count: number;
  held_out: number;
  /** A fraction from 0 to 1, measured on the held-out annotations; null before there are any. */
  accuracy: number | null;
  /** Figures per control name, measured on the held-out tasks. */
  metrics: unknown;
}

export type LocalModelLoad =
  | { kind: 'ready'; status: LocalModelStatus }
  /** This server does not report the built-in model's training (the endpoint answers 404). */
  | { kind: 'unavailable' };

type StatusWire = { [K in keyof LocalModelStatus]?: LocalModelStatus[K] | null };

/** The answer with every field in place: the endpoint is young, and a missing field must not break the card. */
function statusFrom(body: StatusWire, project: number): LocalModelStatus {
  return {
    project: body.project ?? project,
    supported: body.supported ?? true,
    reason: body.reason ?? null,
    controls: Array.isArray(body.controls) ? body.controls : [],
    state: body.state ?? 'untrained',
    model_version: body.model_version ?? null,
    version: body.version ?? null,
    trained_at: body.trained_at ?? null,
    annotation_count: body.annotation_count ?? 0,
    held_out: body.held_out ?? 0,
    accuracy: body.accuracy ?? null,
    metrics: body.metrics ?? null,
  };
}

export async function getLocalModelStatus(
  client: ApiClient,
  project: number,
  signal?: AbortSignal,
): Promise<LocalModelLoad> {
  try {
    const body = await client.get<StatusWire>('/api/outpost/ml/local-model', { query: { project }, signal });
    return { kind: 'ready', status: statusFrom(body, project) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unavailable' };
    throw error;
  }
}
