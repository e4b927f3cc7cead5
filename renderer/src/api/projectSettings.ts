import { modelVersionCountsSchema } from '../../../shared/api/predictions';
import { isErrorEnvelope } from '../../../shared/api/errors';
import { projectSchema, type Project, type SkipQueue } from '../../../shared/api/projects';
import { ApiError, type ApiClient } from './client';

export { SAMPLING_OPTIONS, SKIP_QUEUE_OPTIONS, type SkipQueue } from '../../../shared/api/projects';

/** The project fields the settings page edits, spelled as Label Studio spells them. */
export type SettingsField =
  | 'title'
  | 'description'
  | 'color'
  | 'expert_instruction'
  | 'show_instruction'
  | 'label_config'
  | 'maximum_annotations'
  | 'sampling'
  | 'skip_queue'
  | 'show_skip_button'
  | 'model_version'
  | 'show_collab_predictions'
  | 'evaluate_predictions_automatically'
  | 'start_training_on_annotation_update';

/**
 * The settings as the page edits them: nothing null (Label Studio's defaults fill the gaps), and
 * `model_version` empty for all predictions.
 */
export type ProjectSettings = Omit<{ [K in SettingsField]: NonNullable<Project[K]> }, 'skip_queue'> & {
  skip_queue: SkipQueue;
};

/** Server-side messages per field; `form` holds those that belong to no one field. */
export type FieldErrors = Partial<Record<SettingsField | 'form', string>>;

function settingsFrom(project: Project): ProjectSettings {
  return {
    title: project.title ?? '',
    description: project.description ?? '',
    color: project.color,
    expert_instruction: project.expert_instruction ?? '',
    show_instruction: project.show_instruction,
    label_config: project.label_config,
    maximum_annotations: project.maximum_annotations,
    sampling: project.sampling,
    // Kept as is, like sampling, when the project came from a server with other choices.
    skip_queue: project.skip_queue as SkipQueue,
    show_skip_button: project.show_skip_button,
    model_version: project.model_version ?? '',
    show_collab_predictions: project.show_collab_predictions,
    evaluate_predictions_automatically: project.evaluate_predictions_automatically,
    start_training_on_annotation_update: project.start_training_on_annotation_update,
  };
}

export async function fetchProjectSettings(client: ApiClient, id: number, signal?: AbortSignal) {
  return settingsFrom(await client.get(`/api/projects/${id}/`, { signal, schema: projectSchema }));
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
  return client.get(`/api/projects/${id}/model-versions/`, { signal, schema: modelVersionCountsSchema });
}

export async function updateProjectSettings(client: ApiClient, id: number, changes: Partial<ProjectSettings>) {
  return settingsFrom(await client.patch(`/api/projects/${id}/`, changes, { schema: projectSchema }));
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
