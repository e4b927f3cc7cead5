import type { ExportFormat } from '../../../../shared/api/exports.js';
import type { DomainContext } from '../context.js';
import { getProjectRow } from '../projects/getProject.js';
import { exportProjectInfo, usesValueList } from './exportProjectContext.js';
import { listExportFormats } from './formatCatalog.js';

/** `GET /api/projects/{id}/export/formats` (docs/export-formats.md#format-list). */
export function listProjectExportFormats(ctx: DomainContext, projectId: number): ExportFormat[] {
  const project = exportProjectInfo(getProjectRow(ctx, projectId));
  return listExportFormats(project.parsed_label_config, usesValueList(project.label_config));
}
