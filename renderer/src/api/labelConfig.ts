import { isErrorEnvelope } from '../../../shared/api/errors';
import { ApiError, type ApiClient } from './client';

export interface ConfigProblem {
  message: string;
  /** 1-based, from the parser's "line L, column C" when the message has one. */
  line: number | null;
  /** 0-based, as Python's XML parser counts. */
  column: number | null;
}

export type ConfigValidation = { valid: true } | { valid: false; problems: ConfigProblem[] };

const LOCATION = /line (\d+), column (\d+)/;

export function problemFromMessage(message: string): ConfigProblem {
  const match = LOCATION.exec(message);
  return match ? { message, line: Number(match[1]), column: Number(match[2]) } : { message, line: null, column: null };
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
    return { valid: false, problems: (messages.length > 0 ? messages : [error.message]).map(problemFromMessage) };
  }
}
