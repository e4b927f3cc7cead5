import {
  analyzeLabelConfig,
  computeControlWeights,
  type ControlWeights,
  type ParsedLabelConfig,
} from '../../../../shared/label-config/index.js';
import type { ProjectColumns } from '../../db/repos/projectsRepo.js';
import { PyFloat, writePythonJson } from '../export/encode/pyFloat.js';

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
  // The weights are stored as Python writes them, so that the 1.0 Label Studio gives a new control
  // is answered as 1.0 (serializeProject reads the floats back).
  columns.control_weights = writePythonJson(
    rebuild ? withPythonFloats(computeControlWeights(parsed, plainNumbers(weights)), weights) : weights,
  );
  return columns;
}

/** The weights with every PyFloat as its number, which computeControlWeights reads. */
function plainNumbers(weights: Record<string, unknown>): ControlWeights {
  return JSON.parse(JSON.stringify(weights)) as ControlWeights;
}

/**
 * Label Studio keeps a weight that was set (an int stays an int) and gives 1.0, a float, to every
 * new control and label: each computed weight is a float unless the previous one was an int.
 */
function withPythonFloats(computed: ControlWeights, previous: Record<string, unknown>): Record<string, unknown> {
  const asFloatUnlessInt = (value: number, before: unknown) =>
    typeof before === 'number' && Number.isInteger(value) ? value : new PyFloat(value);
  const result: Record<string, unknown> = {};
  for (const [name, control] of Object.entries(computed)) {
    const before = (Object.hasOwn(previous, name) ? previous[name] : undefined) as
      { overall?: unknown; labels?: Record<string, unknown> } | undefined;
    const labels: Record<string, unknown> = {};
    for (const [label, weight] of Object.entries(control.labels)) {
      const labelBefore = before?.labels && Object.hasOwn(before.labels, label) ? before.labels[label] : undefined;
      labels[label] = asFloatUnlessInt(weight, labelBefore);
    }
    result[name] = { ...control, overall: asFloatUnlessInt(control.overall, before?.overall), labels };
  }
  return result;
}
