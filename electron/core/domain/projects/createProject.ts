import { findProjectById, insertProject } from '../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import type { Fieldset } from '../flexFields.js';
import { ORGANIZATION_ID } from '../users/serializeUser.js';
import { deriveConfigColumns } from './projectConfig.js';
import type { ProjectInput } from './projectFields.js';
import { presentProjects, type ProjectWire } from './serializeProject.js';
import { toProjectColumns } from './toProjectColumns.js';

export const DEFAULT_LABEL_CONFIG = '<View></View>';

/** `POST /api/projects/`: the caller owns the project, in the one organization. */
export function createProject(
  ctx: DomainContext,
  userId: number,
  input: ProjectInput,
  fieldset: Fieldset,
): ProjectWire {
  const now = formatTimestamp(ctx.clock());
  const columns = {
    ...toProjectColumns(input),
    // A new project always gets its weights built from the config (Project.save on create).
    ...deriveConfigColumns(
      {
        label_config: input.label_config ?? DEFAULT_LABEL_CONFIG,
        parsed_label_config: '{}',
        control_weights: input.control_weights ?? null,
      },
      null,
    ),
    organization: ORGANIZATION_ID,
    created_by: userId,
    created_at: now,
    updated_at: now,
  };
  if (columns.is_published === 1) columns.is_draft = 0;
  const id = ctx.db.transaction(() => insertProject(ctx.db, columns))();
  const row = findProjectById(ctx.db, id);
  if (!row) throw new Error(`project ${id} vanished after insert`);
  const [project] = presentProjects(ctx, [row], { userId, fieldset, withCounters: false });
  return project!;
}
