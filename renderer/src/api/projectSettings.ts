import { isErrorEnvelope } from '../../../shared/api/errors';
import { ApiError, type ApiClient } from './client';

export const SAMPLING_OPTIONS = ['Sequential sampling', 'Uniform sampling'] as const;
export const SKIP_QUEUE_OPTIONS = ['REQUEUE_FOR_OTHERS', 'REQUEUE_FOR_ME', 'IGNORE_SKIPPED'] as const;
export type SkipQueue = (typeof SKIP_QUEUE_OPTIONS)[number];

/** The project fields the settings page edits, spelled as Label Studio spells them. */
export interface ProjectSettings {
  title: string;
  description: string;
  color: string;
  expert_instruction: string;
  show_instruction: boolean;
  label_config: string;
  maximum_annotations: number;
  /** Label Studio also knows "Uncertainty sampling"; a value the page does not offer is kept as is. */
  sampling: string;
  skip_queue: SkipQueue;
  show_skip_button: boolean;
  /** Which predictions pre-label tasks: a connected model's title or a stored version; empty for all. */
  model_version: string;
  /** "Use predictions to pre-label tasks". */
  show_collab_predictions: boolean;
  evaluate_predictions_automatically: boolean;
  /** Stored by the server as min_annotations_to_start_training (0 or 1). */
  start_training_on_annotation_update: boolean;
}

export type SettingsField = keyof ProjectSettings;

/** Server-side messages per field; `form` holds those that belong to no one field. */
export type FieldErrors = Partial<Record<SettingsField | 'form', string>>;

type ProjectWire = { [K in SettingsField]?: ProjectSettings[K] | null } & { id: number };

function settingsFrom(project: ProjectWire): ProjectSettings {
  return {
    title: project.title ?? '',
    description: project.description ?? '',
    color: project.color ?? '#FFFFFF',
    expert_instruction: project.expert_instruction ?? '',
    show_instruction: project.show_instruction ?? false,
    label_config: project.label_config ?? '<View></View>',
    maximum_annotations: project.maximum_annotations ?? 1,
    sampling: project.sampling ?? SAMPLING_OPTIONS[0],
    skip_queue: project.skip_queue ?? 'REQUEUE_FOR_OTHERS',
    show_skip_button: project.show_skip_button ?? true,
    model_version: project.model_version ?? '',
    show_collab_predictions: project.show_collab_predictions ?? true,
    evaluate_predictions_automatically: project.evaluate_predictions_automatically ?? false,
    start_training_on_annotation_update: project.start_training_on_annotation_update ?? false,
  };
}

export async function fetchProjectSettings(client: ApiClient, id: number, signal?: AbortSignal) {
  return settingsFrom(await client.get<ProjectWire>(`/api/projects/${id}/`, { signal }));
}

/** Only the fields that changed: an untouched label config never re-runs the compatibility checks. */
export function changedSettings(saved: ProjectSettings, draft: ProjectSettings): Partial<ProjectSettings> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as SettingsField[]) {
    if (draft[key] !== saved[key]) changes[key] = draft[key];
  }
  return changes as Partial<ProjectSettings>;
}

/** The model versions of the project's predictions, with how many predictions each has. */
export function listModelVersions(client: ApiClient, id: number, signal?: AbortSignal) {
  return client.get<Record<string, number>>(`/api/projects/${id}/model-versions/`, { signal });
}

export async function updateProjectSettings(client: ApiClient, id: number, changes: Partial<ProjectSettings>) {
  return settingsFrom(await client.patch<ProjectWire>(`/api/projects/${id}/`, changes));
}

function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstText).filter(Boolean).join(' ') || null;
  return null;
}

/** A failed PATCH as messages per field, from Label Studio's envelope (or DRF's bare shape). */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): FieldErrors {
  if (!(error instanceof ApiError)) return { form: error instanceof Error ? error.message : String(error) };
  const body = error.body;
  const perField = isErrorEnvelope(body)
    ? (body.validation_errors ?? {})
    : typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const result: FieldErrors = {};
  const rest: string[] = [];
  for (const [field, value] of Object.entries(perField)) {
    const text = firstText(value);
    if (!text) continue;
    if (fields.includes(field)) result[field as SettingsField] = text;
    else rest.push(text);
  }
  if (rest.length > 0 || Object.keys(result).length === 0) result.form = rest.join(' ') || error.message;
  return result;
}
