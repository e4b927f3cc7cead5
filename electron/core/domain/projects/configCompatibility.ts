import type { Db } from '../../db/open.js';
import { countProjectContent } from '../../db/repos/projectUsageRepo.js';
import { ValidationError } from '../errors.js';
import { findConfigIncompatibility } from './configIncompatibility.js';
import { summarizeProject } from './summarizeProject.js';

/** Label Studio's compatibility problem for a new config of an existing project, or null. */
export function findProjectConfigProblem(db: Db, projectId: number, config: string, strict: boolean): string | null {
  const counts = countProjectContent(db, projectId);
  if (counts.tasks === 0 || (counts.annotations === 0 && counts.drafts === 0)) return null;
  const summary = summarizeProject(db, projectId);
  return findConfigIncompatibility(
    config,
    {
      ...counts,
      created_annotations: summary.created_annotations,
      created_labels: summary.created_labels,
      created_labels_drafts: summary.created_labels_drafts,
    },
    strict,
  );
}

/**
 * Refuses a PATCH/PUT label_config that annotations cannot follow, as a field error on
 * label_config. Non-strict, as Label Studio's PATCH: removed labels alone are allowed.
 */
export function checkConfigCompatibility(
  ctx: { db: Db },
  projectId: number,
  config: string,
  options: { strict: boolean },
): void {
  const problem = findProjectConfigProblem(ctx.db, projectId, config, options.strict);
  if (problem) throw new ValidationError({ label_config: [problem] });
}
