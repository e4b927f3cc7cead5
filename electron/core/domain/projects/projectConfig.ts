import {
  analyzeLabelConfig,
  computeControlWeights,
  type ControlWeights,
  type ParsedLabelConfig,
} from '../../../../shared/label-config/index.js';
import type { ProjectColumns } from '../../db/repos/projectsRepo.js';

export interface ConfigState {
  label_config: string;
  /** Stored parsed_label_config (JSON text), used when the config itself does not change. */
  parsed_label_config: string;
  /** The weights the project will have unless recomputed: the request's, else the stored ones. */
  control_weights: Record<string, unknown> | null;
}

type ConfigColumns = Pick<
  ProjectColumns,
  'label_config' | 'parsed_label_config' | 'data_types' | 'control_weights' | 'config_suitable_for_bulk_annotation'
>;

/**
 * What Project.save() derives from the config. A new or changed config is parsed again
 * (parsed_label_config, data_types, bulk suitability); control_weights are rebuilt from the
 * current weights whenever the config is new or changed, or the weights are empty. Otherwise the
 * weights are stored as given, which is how a client sets them.
 * `previousConfig` is null on create. The config must already be valid.
 */
export function deriveConfigColumns(next: ConfigState, previousConfig: string | null): Partial<ConfigColumns> {
  const columns: Partial<ConfigColumns> = { label_config: next.label_config };
  const changed = previousConfig === null || next.label_config !== previousConfig;
  let parsed = JSON.parse(next.parsed_label_config) as ParsedLabelConfig;
  if (changed) {
    const analysis = analyzeLabelConfig(next.label_config);
    parsed = analysis.parsed_label_config;
    columns.parsed_label_config = JSON.stringify(parsed);
    columns.data_types = JSON.stringify(analysis.data_types);
    columns.config_suitable_for_bulk_annotation = analysis.config_suitable_for_bulk_annotation ? 1 : 0;
  }
  const weights = next.control_weights ?? {};
  // Label Studio skips the rebuild for a falsy (blank) config; a blank config never validates.
  const rebuild = next.label_config !== '' && (changed || Object.keys(weights).length === 0);
  // computeControlWeights reads only numbers out of the previous weights, whatever their shape.
  columns.control_weights = JSON.stringify(
    rebuild ? computeControlWeights(parsed, weights as ControlWeights) : weights,
  );
  return columns;
}
