/**
 * The connect/edit form of a model server as values, their problems, and the request they make.
 * Pure, for unit tests.
 */
import type { MlBackend, MlBackendChanges } from '../../api/mlBackends';

export interface BackendFormValues {
  url: string;
  title: string;
  useBasicAuth: boolean;
  user: string;
  /** Empty keeps the stored password when one is set. */
  password: string;
  isInteractive: boolean;
  timeout: string;
}

export type BackendFormProblems = Partial<Record<'url' | 'user' | 'password' | 'timeout', string>>;

/** Label Studio's default prediction timeout, in seconds. */
const DEFAULT_TIMEOUT = 100;

export function initialBackendValues(backend: MlBackend | null): BackendFormValues {
  if (!backend) {
    return {
      url: '',
      title: '',
      useBasicAuth: false,
      user: '',
      password: '',
      isInteractive: false,
      timeout: String(DEFAULT_TIMEOUT),
    };
  }
  return {
    url: backend.url,
    title: backend.title ?? '',
    useBasicAuth: backend.auth_method === 'BASIC_AUTH',
    user: backend.basic_auth_user ?? '',
    password: '',
    isInteractive: backend.is_interactive,
    timeout: String(backend.timeout),
  };
}

export function backendFormProblems(values: BackendFormValues, backend: MlBackend | null): BackendFormProblems {
  const problems: BackendFormProblems = {};
  if (!values.url.trim()) problems.url = 'Enter the model server’s address, e.g. http://localhost:9090.';
  if (values.useBasicAuth && !values.user.trim()) problems.user = 'Enter the user name for Basic Auth.';
  const hasPassword = backend?.basic_auth_pass_is_set ?? false;
  if (values.useBasicAuth && !values.password && !hasPassword) problems.password = 'Enter the password for Basic Auth.';
  const timeout = Number(values.timeout);
  if (!values.timeout.trim() || !Number.isFinite(timeout) || timeout <= 0) {
    problems.timeout = 'Enter the seconds a prediction may take, more than 0.';
  }
  return problems;
}

/** All the fields for a new backend. */
export function createFields(values: BackendFormValues): MlBackendChanges & { url: string } {
  const fields: MlBackendChanges & { url: string } = {
    url: values.url.trim(),
    is_interactive: values.isInteractive,
    auth_method: values.useBasicAuth ? 'BASIC_AUTH' : 'NONE',
    timeout: Number(values.timeout),
  };
  if (values.title.trim()) fields.title = values.title.trim();
  if (values.useBasicAuth) {
    fields.basic_auth_user = values.user.trim();
    fields.basic_auth_pass = values.password;
  }
  return fields;
}

/**
 * Only what changed: the server asks the model again only when its address or credentials
 * change, and an untyped password keeps the stored one.
 */
export function changedFields(values: BackendFormValues, backend: MlBackend): MlBackendChanges {
  const changes: MlBackendChanges = {};
  const url = values.url.trim();
  if (url !== backend.url) changes.url = url;
  if (values.title.trim() !== (backend.title ?? '')) changes.title = values.title.trim();
  if (values.isInteractive !== backend.is_interactive) changes.is_interactive = values.isInteractive;
  const auth = values.useBasicAuth ? 'BASIC_AUTH' : 'NONE';
  if (auth !== backend.auth_method) changes.auth_method = auth;
  if (values.useBasicAuth && values.user.trim() !== (backend.basic_auth_user ?? '')) {
    changes.basic_auth_user = values.user.trim();
  }
  if (values.useBasicAuth && values.password) changes.basic_auth_pass = values.password;
  const timeout = Number(values.timeout);
  if (timeout !== backend.timeout) changes.timeout = timeout;
  return changes;
}
