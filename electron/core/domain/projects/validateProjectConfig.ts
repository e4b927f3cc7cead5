import {
  analyzeLabelConfig,
  essentialDataHasChanged,
  validateLabelConfig,
} from '../../../../shared/label-config/index.js';
import type { Db } from '../../db/open.js';
import { findProjectLabelConfig } from '../../db/repos/projectUsageRepo.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { findProjectConfigProblem } from './configCompatibility.js';

/**
 * `POST /api/projects/{id}/validate/`: whether a candidate config is valid and compatible with the
 * project's annotations and drafts (strictly: removed labels count), and whether it changes
 * anything essential. Problems are non-field errors, as Label Studio raises them.
 */
export function validateProjectConfig(
  db: Db,
  projectId: number,
  config: string,
): { config_essential_data_has_changed: true | null } {
  const current = findProjectLabelConfig(db, projectId);
  if (current === undefined) throw new NotFoundError('No Project matches the given query.');
  // Label Studio parses with lxml first and reports libxml2's wording; Outpost reports the same
  // expat-style message its other endpoints give for the same config.
  const problem = validateLabelConfig(config) ?? findProjectConfigProblem(db, projectId, config, true);
  if (problem) throw new ValidationError({ non_field_errors: [problem] });
  const previous = validateLabelConfig(current) === null ? analyzeLabelConfig(current).parsed_label_config : {};
  return {
    config_essential_data_has_changed: essentialDataHasChanged(
      analyzeLabelConfig(config).parsed_label_config,
      previous,
    ),
  };
}
