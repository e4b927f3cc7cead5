import type { ParsedConfig } from './preparePredictionResult.js';

/** Controls whose prediction value is a scalar, not a list. */
const SCALAR_TYPES = new Set(['rating', 'number', 'datetime']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `reformat_predictions` for one item (`?preannotated_from_fields=label`): the item's data (its
 * `data` if it has one, else the item) becomes the task, each named field (kept in the data) adds
 * one prediction for the control of that name; annotations, meta and the upload link are dropped.
 * An item without the field gets no prediction for it: Label Studio 1.22 refuses such items only
 * behind a feature flag (`fflag_feat_utc_210_prediction_validation_15082025`) that is off.
 */
export function preannotateTask(
  item: unknown,
  fields: readonly string[],
  config: ParsedConfig,
): Record<string, unknown> {
  const data = isObject(item) && Object.hasOwn(item, 'data') ? item.data : item;
  const predictions: unknown[] = [];
  for (const field of fields) {
    if (!isObject(data) || !Object.hasOwn(data, field)) continue;
    const value = data[field];
    if (value === null) continue;
    const control = Object.hasOwn(config, field) ? config[field] : undefined;
    const toName = control?.to_name[0];
    // Label Studio falls back to a Choices-on-text guess when no control carries the field's name.
    const type = control && toName !== undefined ? control.type.toLowerCase() : 'choices';
    const valueKey = type === 'textarea' ? 'text' : type;
    const predicted = isObject(value)
      ? value
      : { [valueKey]: SCALAR_TYPES.has(type) || Array.isArray(value) ? value : [value] };
    predictions.push({
      result: [{ from_name: field, to_name: toName ?? 'text', type, value: predicted }],
      score: 1.0,
      model_version: 'preannotated',
    });
  }
  return { data, predictions };
}
