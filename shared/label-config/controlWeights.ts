import type { ControlWeights, ParsedLabelConfig } from './types.js';

/**
 * Label Studio's `get_updated_weights`: one entry per control (Filter excluded), keeping the
 * weights already set for controls and labels that still exist, 1.0 for everything new.
 */
export function computeControlWeights(parsed: ParsedLabelConfig, previous: ControlWeights = {}): ControlWeights {
  const weights: ControlWeights = {};
  for (const [name, control] of Object.entries(parsed)) {
    if (control.type === 'Filter') continue;
    const before = Object.hasOwn(previous, name) ? previous[name] : undefined;
    const labels: Record<string, number> = {};
    for (const label of control.labels) {
      const weight = before?.labels && Object.hasOwn(before.labels, label) ? before.labels[label] : undefined;
      labels[label] = typeof weight === 'number' ? weight : 1.0;
    }
    weights[name] = { overall: typeof before?.overall === 'number' ? before.overall : 1.0, type: control.type, labels };
  }
  return weights;
}
