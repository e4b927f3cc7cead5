import type { ParsedLabelConfig } from './types.js';

/**
 * Label Studio's `config_essential_data_has_changed`: a control added or renamed, its type or
 * inputs changed, or one of its labels removed. Returns null rather than false when nothing
 * changed, because Label Studio's helper returns None and the API shows that as null.
 */
export function essentialDataHasChanged(next: ParsedLabelConfig, previous: ParsedLabelConfig): true | null {
  for (const [name, control] of Object.entries(next)) {
    const before = Object.hasOwn(previous, name) ? previous[name] : undefined;
    if (!before) return true;
    if (control.type !== before.type) return true;
    if (!sameInputs(control.inputs, before.inputs)) return true;
    const labels = new Set(control.labels);
    if (!before.labels.every((label) => labels.has(label))) return true;
  }
  return null;
}

function sameInputs(left: ParsedLabelConfig[string]['inputs'], right: ParsedLabelConfig[string]['inputs']): boolean {
  return (
    left.length === right.length &&
    left.every(
      (input, index) =>
        input.type === right[index]!.type &&
        input.value === right[index]!.value &&
        input.valueType === right[index]!.valueType,
    )
  );
}
