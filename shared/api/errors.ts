/** Label Studio's error envelope (core.utils.common.custom_exception_handler). */
export interface ErrorEnvelope {
  id: string;
  status_code: number;
  version: string;
  detail: string;
  exc_info: string | null;
  validation_errors?: Record<string, unknown>;
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.id === 'string' && typeof body.status_code === 'number' && typeof body.detail === 'string';
}
