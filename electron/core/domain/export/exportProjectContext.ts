import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import type { ParsedLabelConfig } from '../../../../shared/label-config/types.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import type { ExportContext, ExportFormatWriter } from './exportTypes.js';
import { EXPORT_FORMAT_CATALOG, supportedExportFormats } from './formatCatalog.js';
import { EXPORT_WRITERS } from './formats/index.js';

/** What the export use cases need beyond the database: where media and snapshot files live. */
export interface ExportDomainContext extends DomainContext {
  uploadsDir: string;
  exportsDir: string;
  /** The data folder, where the media cache of pulled projects lives (absent: uploads only). */
  dataDir?: string | undefined;
}

/** `valueList` (multi-image) is not recorded in parsed_label_config; the enablement rules need it. */
export function usesValueList(labelConfig: string): boolean {
  return /<[A-Za-z]+\b[^>]*\svalueList\s*=/u.test(labelConfig);
}

export function exportProjectInfo(row: ProjectRow): ExportContext['project'] {
  return {
    id: row.id,
    title: row.title ?? '',
    label_config: row.label_config,
    parsed_label_config: JSON.parse(row.parsed_label_config) as ParsedLabelConfig,
    data_types: JSON.parse(row.data_types) as Record<string, string>,
  };
}

/**
 * The writer for an exportType, refused with a 400 when it is unknown or not enabled for this
 * project. Label Studio answers an unknown name with a 500 (Format.from_string raises a bare
 * ValueError) and converts disabled formats anyway; a clear 400 is more useful to a client.
 */
export function writerFor(exportType: string, project: ExportContext['project']): ExportFormatWriter {
  if (!EXPORT_FORMAT_CATALOG.some((info) => info.name === exportType)) {
    throw new DomainError(400, `Unknown export format: ${exportType}`);
  }
  const supported = supportedExportFormats(project.parsed_label_config, usesValueList(project.label_config));
  if (!supported.has(exportType)) {
    throw new DomainError(400, `${exportType} export is not supported for this project's labeling config`);
  }
  const writer = Object.hasOwn(EXPORT_WRITERS, exportType) ? EXPORT_WRITERS[exportType] : undefined;
  if (!writer) throw new DomainError(400, `${exportType} export is not available in Outpost yet`);
  return writer;
}
