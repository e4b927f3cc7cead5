import { isErrorEnvelope } from '../../../shared/api/errors';
import { readableConfigProblem } from '../features/settings/readableConfigProblem';
import { ApiError, type ApiClient } from './client';

export interface ConfigProblem {
  /** What is wrong, in words (see `readableConfigProblem`). */
  message: string;
  /** 1-based: the line the parser or the named tag points at, when known. */
  line: number | null;
  /** 1-based, as the editor counts. */
  column: number | null;
  /** Label Studio's own text, as the API gave it. */
  original: string;
}

export type ConfigValidation = { valid: true } | { valid: false; problems: ConfigProblem[] };

/** One of Label Studio's messages about `config`, said in words and placed on its line. */
export function problemFromMessage(message: string, config?: string): ConfigProblem {
  return { ...readableConfigProblem(message, config), original: message };
}

/** The messages of either shape: the project endpoint's envelope, or the global endpoint's bare DRF body. */
function messagesOf(body: unknown): string[] {
  const fields: Record<string, unknown> = isErrorEnvelope(body)
    ? (body.validation_errors ?? {})
    : typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)
      : {};
  const messages = Object.values(fields).flatMap((value) => (Array.isArray(value) ? value : [value]));
  return messages.filter((message): message is string => typeof message === 'string');
}

/**
 * Checks a config with Label Studio's rules: against the project (which also checks it against the
 * annotations already made) when there is one, else with the global endpoint.
 */
export async function validateLabelConfig(
  client: ApiClient,
  labelConfig: string,
  projectId: number | null,
  signal?: AbortSignal,
): Promise<ConfigValidation> {
  const path = projectId === null ? '/api/projects/validate/' : `/api/projects/${projectId}/validate/`;
  try {
    await client.post<unknown>(path, { label_config: labelConfig }, { signal });
    return { valid: true };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const messages = messagesOf(error.body);
    return {
      valid: false,
      problems: (messages.length > 0 ? messages : [error.message]).map((message) =>
        problemFromMessage(message, labelConfig),
      ),
    };
  }
}
