import { isErrorEnvelope } from '../../../../shared/api/errors';

/*
 * The server's refusal of a remote, placed where the person will look: under the field it is
 * about (a malformed or unreachable URL under Server URL, a refused token under Token), and
 * only what belongs to no field in the form's banner.
 */

export type RemoteField = 'url' | 'token' | 'name' | 'interval';

export interface RemoteFormErrors {
  fields: Partial<Record<RemoteField, string>>;
  general: string | null;
}

const WIRE_FIELDS: Record<string, RemoteField> = {
  url: 'url',
  token: 'token',
  name: 'name',
  sync_interval_minutes: 'interval',
};

/** The connect step's refusals (sync/engine/connectRemote.ts), by what they are about. */
const ABOUT_URL = [
  / could not be reached: /,
  / does not look like a Label Studio server/,
  / is already a remote\.$/,
  /^Connecting to \S+ failed: /,
];
const ABOUT_TOKEN = [/ refused the (legacy token|personal access token): /, /^No token is stored for this remote/];

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  return [];
}

export function remoteFormErrors(error: unknown): RemoteFormErrors {
  const body = (error as { body?: unknown } | null)?.body;
  const fields: RemoteFormErrors['fields'] = {};
  const general: string[] = [];
  if (isErrorEnvelope(body) && body.validation_errors) {
    for (const [wire, value] of Object.entries(body.validation_errors)) {
      const field = WIRE_FIELDS[wire];
      const text = messagesOf(value).join(' ');
      if (field) fields[field] = text;
      else general.push(text);
    }
    return { fields, general: general.length > 0 ? general.join(' ') : null };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (ABOUT_URL.some((pattern) => pattern.test(message))) return { fields: { url: message }, general: null };
  if (ABOUT_TOKEN.some((pattern) => pattern.test(message))) return { fields: { token: message }, general: null };
  return { fields: {}, general: message };
}
