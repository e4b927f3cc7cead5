import { z } from 'zod';
import type { Db } from '../../db/open.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { drfBoolean, drfChar, drfChoice, drfJson, drfPrimaryKey, drfRequired } from '../drfFields.js';
import { drfFloat } from '../drfFloat.js';
import { ML_AUTH_METHODS, ML_STATES } from '../../../../shared/api/mlBackends.js';

/** Label Studio's MLBackendState labels, in its `readable_state`. */
export const READABLE_STATES: Record<(typeof ML_STATES)[number], string> = {
  CO: 'Connected',
  DI: 'Disconnected',
  ER: 'Error',
  TR: 'Training',
  PR: 'Predicting',
};

/** The address that names Outpost's built-in model instead of a model server. */
export const LOCAL_MODEL_URL = 'outpost:local-model';

const text = drfChar({ allowNull: true, allowBlank: true, trim: false });

/**
 * MLBackendSerializer's writable fields (`url` and `project` required on create and PUT). DRF's
 * TextFields do not trim; `basic_auth_pass` is write-only.
 */
export function mlBackendWriteSchema(db: Db, options: { partial: boolean }) {
  const url = drfChar({ trim: false });
  const project = drfPrimaryKey((id) => findProjectById(db, id) !== undefined);
  return z.object({
    url: options.partial ? url.optional() : drfRequired(url),
    project: options.partial ? project.optional() : drfRequired(project),
    state: drfChoice(ML_STATES).optional(),
    is_interactive: drfBoolean().optional(),
    error_message: text.optional(),
    title: text.optional(),
    auth_method: drfChoice(ML_AUTH_METHODS).optional(),
    basic_auth_user: text.optional(),
    basic_auth_pass: text.optional(),
    description: text.optional(),
    extra_params: drfJson({ allowNull: true }).optional(),
    model_version: text.optional(),
    timeout: drfFloat().optional(),
    auto_update: drfBoolean().optional(),
  });
}

export type MlBackendInput = Partial<z.output<ReturnType<typeof mlBackendWriteSchema>>>;
