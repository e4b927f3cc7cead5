import { isErrorEnvelope } from '../../../shared/api/errors';

function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => flatten(inner).map((text) => `${key}: ${text}`));
  }
  return value === undefined || value === null ? [] : [String(value)];
}

/** Field names as a person reads them: `label_config` becomes "Label config". */
function humanizeField(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Label Studio's error envelope as one sentence a person can act on: the field errors when there
 * are any ("Title: Ensure this field has at least 3 characters."), else the detail.
 */
export function errorMessageFromBody(status: number, body: unknown): string {
  if (isErrorEnvelope(body)) {
    const fields = body.validation_errors ?? {};
    const lines = Object.entries(fields).flatMap(([field, errors]) =>
      flatten(errors).map((text) => (field === 'non_field_errors' ? text : `${humanizeField(field)}: ${text}`)),
    );
    if (lines.length > 0) return lines.join(' ');
    return body.detail;
  }
  // DRF validation bodies without the envelope: {"field": ["message"]}.
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    const lines = flatten(record);
    if (lines.length > 0) return lines.join(' ');
  }
  return `The server answered with status ${status}.`;
}

/**
 * A body that is not the wire shape of shared/api, in words: the first differences with where
 * they are (`0.kind`), so a report names the field the server and the app disagree on.
 */
export function unexpectedShapeMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.map(String).join('.');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : '';
  return `The server's answer was not in the form this app expects: ${shown.join('; ')}${more}.`;
}
