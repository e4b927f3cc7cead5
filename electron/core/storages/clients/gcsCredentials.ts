import { createPrivateKey } from 'node:crypto';
import { StorageError } from '../storageClient.js';

/*
 * A Google Cloud Storage storage's credentials: the service-account JSON the user pasted, checked
 * as Label Studio's GCS.get_client and google-auth check it, refused in their words (the texts a
 * Python client prints, since the storage's error messages are compared with Label Studio's).
 */

export const DEFAULT_CREDENTIALS_MISSING =
  'Your default credentials were not found. To set up Application Default Credentials, see ' +
  'https://cloud.google.com/docs/authentication/external/set-up-adc for more information.';
const PEM_UNREADABLE =
  'Unable to load PEM file. See https://cryptography.io/en/latest/faq/#why-can-t-i-import-my-pem-file for more details.';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
}

/** Python's repr() of a string: google-auth prints the token endpoint's answer with it. */
export function pythonStr(text: string): string {
  const body = JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"');
  return body.includes("'") && !body.includes('"') ? `"${body}"` : `'${body.replaceAll("'", "\\'")}'`;
}

/** What Python calls a decoded JSON value's type (google-auth calls .keys() on the credentials). */
function pythonTypeOf(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value === 'string' ? 'str' : 'bool';
}

/** google_application_credentials read as GCS.get_client and service_account read it, with their texts. */
export function parseServiceAccount(text: string): ServiceAccount {
  let info: unknown;
  try {
    info = JSON.parse(text);
  } catch (error) {
    // Python's JSONDecodeError words the reason differently; the prefix is Label Studio's.
    throw new StorageError(`Google Application Credentials must be valid JSON string. ${(error as Error).message}`);
  }
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    const message = `'${pythonTypeOf(info)}' object has no attribute 'keys'`;
    throw new StorageError(message, message);
  }
  const fields = info as Record<string, unknown>;
  const missing = ['client_email', 'token_uri'].filter((key) => !(key in fields));
  if (missing.length > 0) {
    const message = `Service account info was not in the expected format, missing fields ${missing.join(', ')}.`;
    throw new StorageError(message, message);
  }
  if (!('private_key' in fields)) {
    const message = 'The private_key field was not found in the service account info.';
    throw new StorageError(message, message);
  }
  const privateKey = String(fields.private_key);
  try {
    createPrivateKey(privateKey);
  } catch (error) {
    // The reason after Label Studio's sentence comes from its PEM parser; only a missing frame is predictable.
    const isFramed = privateKey.includes('-----BEGIN');
    const message = `${PEM_UNREADABLE} ${isFramed ? (error as Error).message : 'MalformedFraming'}`;
    throw new StorageError(message, isFramed ? null : message);
  }
  return { client_email: String(fields.client_email), private_key: privateKey };
}
