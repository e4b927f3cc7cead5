import { pythonStr } from '../pythonText.js';

/** A control of parsed_label_config: `{name: {type: "Choices", to_name: ["text"], ...}}`. */
export interface ParsedControl {
  type: string;
  to_name: string[];
}

export type ParsedConfig = Record<string, ParsedControl>;

/** `SINGLE_VALUED_TAGS`: a bare value of this Python type fills the first such control. */
const SINGLE_VALUED: Record<string, 'str' | 'int' | 'float'> = {
  choices: 'str',
  rating: 'int',
  number: 'float',
  textarea: 'str',
};

export class PredictionResultError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pythonClass(value: unknown): string {
  if (value === null || value === undefined) return "<class 'NoneType'>";
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number') return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
  return "<class 'str'>";
}

/**
 * `Prediction.prepare_prediction_result`: a list of regions is kept; a dict becomes the `value` of
 * the first control whose type names one of its keys; a string or int fills the first
 * single-valued control of that type. Anything it cannot place gives null, as in Label Studio.
 */
export function preparePredictionResult(result: unknown, config: ParsedConfig): unknown[] | null {
  if (Array.isArray(result)) {
    if (!result.every(isObject)) throw new PredictionResultError('Each item in prediction result should be dict');
    return result;
  }
  const controls = Object.entries(config);
  const region = (name: string, control: ParsedControl, value: Record<string, unknown>) => [
    { from_name: name, to_name: control.to_name.join(','), type: control.type.toLowerCase(), value },
  ];
  if (isObject(result)) {
    for (const [name, control] of controls) {
      if (Object.hasOwn(result, control.type.toLowerCase())) return region(name, control, result);
    }
    return null;
  }
  // Python's bool is an Integral too.
  const isInt = typeof result === 'boolean' || (typeof result === 'number' && Number.isInteger(result));
  if (typeof result === 'string' || isInt) {
    for (const [name, control] of controls) {
      const type = control.type.toLowerCase();
      const wanted = SINGLE_VALUED[type];
      if (wanted === undefined) continue;
      const fits = wanted === 'str' ? typeof result === 'string' : wanted === 'int' ? isInt : false;
      if (fits) return region(name, control, { [type]: [result] });
    }
    return null;
  }
  throw new PredictionResultError(`Incorrect format ${pythonClass(result)} for prediction result ${pythonStr(result)}`);
}
