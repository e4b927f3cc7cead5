import type { MlBackend } from '../../../../shared/api/mlBackends.js';
import type { MlBackendRow } from '../../db/repos/mlBackendsRepo.js';
import { PyFloat, type WithFloats } from '../export/encode/pyFloat.js';
import { READABLE_STATES } from './mlBackendFields.js';

/** A backend as answered: its timeout is a FloatField in Label Studio, so written with its fraction. */
export type MlBackendAnswer = WithFloats<MlBackend, 'timeout'>;

/** MLBackendSerializer's output, fields in Label Studio's order; the password never leaves. */
export function serializeMlBackend(row: MlBackendRow): MlBackendAnswer {
  return {
    id: row.id,
    state: row.state,
    readable_state: READABLE_STATES[row.state],
    is_interactive: row.is_interactive !== 0,
    url: row.url,
    error_message: row.error_message,
    title: row.title,
    auth_method: row.auth_method,
    basic_auth_user: row.basic_auth_user,
    basic_auth_pass_is_set: row.basic_auth_pass_is_set !== 0,
    description: row.description,
    extra_params: row.extra_params === null ? null : (JSON.parse(row.extra_params) as unknown),
    model_version: row.model_version,
    timeout: new PyFloat(row.timeout),
    created_at: row.created_at,
    updated_at: row.updated_at,
    auto_update: row.auto_update !== 0,
    project: row.project,
  } satisfies MlBackendAnswer;
}
