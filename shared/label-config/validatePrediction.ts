import type { ParsedLabelConfig } from './types.js';

/*
 * Checks a prediction against a project's labeling config the way the Label Studio SDK's
 * LabelInterface.validate_prediction does (Label Studio 1.22 runs it behind a feature flag, off
 * in the Community Edition): every region names a control of the config, an object that control
 * labels, the control's result type, and a value with the control's key whose labels the config
 * defines. Messages follow the SDK's. Outpost runs it on everything a model server answers.
 */

/** The key under which each control's value carries its labels (the SDK's `_label_attr_name`). */
const LABEL_KEYS: Readonly<Record<string, string>> = {
  choices: 'choices',
  labels: 'labels',
  brushlabels: 'brushlabels',
  ellipselabels: 'ellipselabels',
  keypointlabels: 'keypointlabels',
  polygonlabels: 'polygonlabels',
  rectanglelabels: 'rectanglelabels',
  videorectangle: 'labels',
  number: 'number',
  datetime: 'datetime',
  hypertextlabels: 'htmllabels',
  pairwise: 'selected',
  paragraphlabels: 'paragraphlabels',
  rating: 'rating',
  taxonomy: 'taxonomy',
  textarea: 'text',
  timeserieslabels: 'timeserieslabels',
};

const GEOMETRY_TYPES = new Set(['rectangle', 'rectanglelabels']);

/** Python's repr-ish rendering for messages: JSON is close enough for a person to read. */
function shown(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function labelsValid(labels: unknown, known: readonly string[], dynamic: boolean): boolean {
  if (!Array.isArray(labels)) return typeof labels === 'string' || typeof labels === 'number';
  if (dynamic || known.length === 0) return true;
  const flat = labels.flat(Infinity);
  return flat.every((label) => typeof label === 'string' && known.includes(label));
}

function regionErrors(config: ParsedLabelConfig, region: Record<string, unknown>, index: number): string[] {
  const missing = ['from_name', 'to_name', 'type', 'value'].filter((field) => !(field in region));
  if (missing.length > 0) return missing.map((field) => `Region ${index}: Missing required field '${field}'`);
  const fromName = String(region.from_name);
  const toName = String(region.to_name);
  const control = Object.hasOwn(config, fromName) ? config[fromName] : undefined;
  if (!control) return [`Region ${index}: 'from_name' '${fromName}' not found in configuration`];
  const objects = new Set(Object.values(config).flatMap((entry) => entry.to_name));
  if (!objects.has(toName)) return [`Region ${index}: 'to_name' '${toName}' not found in configuration`];
  const errors: string[] = [];
  const expected = control.type.toLowerCase();
  const actual = String(region.type).toLowerCase();
  if (actual !== expected) {
    errors.push(
      `Region ${index}: Type '${actual}' does not match expected type '${expected}' for control '${fromName}'`,
    );
  }
  if (!control.to_name.includes(toName)) {
    errors.push(
      `Region ${index}: 'to_name' '${toName}' is not valid for control '${fromName}'. Valid options: ${shown(control.to_name)}`,
    );
  }
  const value = region.value;
  const invalid = `Region ${index}: Invalid value for control '${fromName}'. Got: ${shown(value)}. Valid options: ${shown(control.labels)}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [...errors, invalid];
  const fields = value as Record<string, unknown>;
  const labelKey = LABEL_KEYS[expected];
  if (labelKey !== undefined && !labelsValid(fields[labelKey], control.labels, control.dynamic_labels === true)) {
    errors.push(invalid);
  }
  if (GEOMETRY_TYPES.has(expected)) {
    const outside = ['x', 'y', 'width', 'height'].filter((key) => {
      if (!(key in fields)) return false;
      const number = Number(fields[key]);
      return !Number.isFinite(number) || number < 0 || number > 100;
    });
    if (outside.length > 0) {
      const list = outside.map((key) => `${key} ${shown(fields[key])}`).join(', ');
      errors.push(`Region ${index}: Invalid geometry for control '${fromName}': ${list} out of bounds [0, 100]`);
    }
  }
  return errors;
}

/** The problems of one prediction (`{result, score?}`), empty when it fits the config. */
export function validatePrediction(config: ParsedLabelConfig, prediction: unknown): string[] {
  if (typeof prediction !== 'object' || prediction === null || Array.isArray(prediction)) {
    return [`A prediction must be an object with a 'result' list. Got: ${shown(prediction)}`];
  }
  const record = prediction as Record<string, unknown>;
  if (!('result' in record)) return ["Missing required field 'result'"];
  if (!Array.isArray(record.result)) return ["'result' must be a list"];
  const errors: string[] = [];
  if (record.score !== undefined && record.score !== null) {
    const score = Number(record.score);
    if (typeof record.score === 'boolean' || !Number.isFinite(score)) {
      errors.push(`Score must be a valid number, got ${shown(record.score)}`);
    } else if (score < 0 || score > 1) {
      errors.push(`Score must be between 0.00 and 1.00 inclusive, got ${score}`);
    }
  }
  // Relations may come before the regions they join, so every region id is known first.
  const regionIds = new Set<unknown>(
    record.result
      .filter((region): region is Record<string, unknown> => typeof region === 'object' && region !== null)
      .filter((region) => region.type !== 'relation' && region.id !== undefined)
      .map((region) => region.id),
  );
  record.result.forEach((region: unknown, index) => {
    if (typeof region !== 'object' || region === null || Array.isArray(region)) {
      errors.push(`Region must be a dictionary. Got: ${shown(region)}`);
      return;
    }
    const fields = region as Record<string, unknown>;
    if (fields.type === 'relation') {
      if (!regionIds.has(fields.from_id) || !regionIds.has(fields.to_id)) {
        errors.push(`Relation ${index}: 'from_id' and 'to_id' must name regions of this prediction`);
      }
      return;
    }
    errors.push(...regionErrors(config, fields, index));
  });
  return errors;
}
