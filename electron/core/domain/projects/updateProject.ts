import { hasMlBackendTitled } from '../../db/repos/mlBackendsRepo.js';
import {
  findProjectById,
  hasPredictionModelVersion,
  updateProjectColumns,
  type ProjectRow,
} from '../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import type { Fieldset } from '../flexFields.js';
import { checkConfigCompatibility } from './configCompatibility.js';
import { getProjectRow } from './getProject.js';
import { deriveConfigColumns } from './projectConfig.js';
import type { ProjectInput } from './projectFields.js';
import { presentProjects, type ProjectWire } from './serializeProject.js';
import { toProjectColumns } from './toProjectColumns.js';
import { updateTaskStates } from './updateTaskStates.js';
import { refreshProjectAgreement } from '../agreement/taskAgreementColumn.js';
import { parseJsonKeepingFloats } from '../export/encode/pyFloat.js';

/**
 * `PATCH` and `PUT /api/projects/{id}/`. Both only change the fields the request gives: every
 * ProjectSerializer field is optional, so DRF's full update skips missing fields too (except
 * that a form PUT reads absent checkboxes as false, which the field schema already did).
 * Label Studio's PUT also writes created_by = null (the field's default has no request user in
 * that view); Outpost keeps the owner.
 */
export function updateProject(
  ctx: DomainContext,
  userId: number,
  projectId: number,
  input: ProjectInput,
  fieldset: Fieldset,
): ProjectWire {
  const row = ctx.db.transaction(() => {
    const current = getProjectRow(ctx, projectId);
    validateAgainstProject(ctx, current, input);
    const columns = { ...toProjectColumns(input), updated_at: formatTimestamp(ctx.clock()) };
    // ProjectSerializer.update: hiding predictions unsets the model version, unless one is given.
    if (input.show_collab_predictions === false && input.model_version === undefined) columns.model_version = '';
    Object.assign(
      columns,
      deriveConfigColumns(
        {
          label_config: input.label_config ?? current.label_config,
          parsed_label_config: current.parsed_label_config,
          control_weights:
            input.control_weights !== undefined
              ? input.control_weights
              : (parseJsonKeepingFloats(current.control_weights) as Record<string, unknown>),
        },
        current.label_config,
      ),
    );
    // Project.save: a published project is never a draft.
    if ((columns.is_published ?? current.is_published) === 1) columns.is_draft = 0;
    updateProjectColumns(ctx.db, projectId, columns);
    const updated = findProjectById(ctx.db, projectId)!;
    updateTaskStates(ctx.db, current, updated);
    if (updated.label_config !== current.label_config) refreshProjectAgreement(ctx.db, projectId);
    return updated;
  })();
  const [project] = presentProjects(ctx, [row], { userId, fieldset, withCounters: true });
  return project!;
}

/** The serializer's validators that need the stored project, collected like DRF's field errors. */
function validateAgainstProject(ctx: DomainContext, current: ProjectRow, input: ProjectInput): void {
  const errors: Record<string, unknown> = {};
  if (input.label_config !== undefined) {
    try {
      checkConfigCompatibility(ctx, current.id, input.label_config, { strict: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, error.validationErrors);
    }
  }
  const version = input.model_version;
  if (version !== undefined && version !== current.model_version && version !== '') {
    // A live model (an ML backend's title) or the model version of stored predictions.
    const known =
      version !== null &&
      (hasMlBackendTitled(ctx.db, current.id, version) || hasPredictionModelVersion(ctx.db, current.id, version));
    if (!known) {
      errors.model_version = ["Model version doesn't exist either as live model or as static predictions."];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
