import { ValidationError } from '../errors.js';
import { pythonRepr } from '../pythonText.js';

/** core.label_config.SINGLE_VALUED_TAGS: controls whose whole value a bare string or number can be. */
const SINGLE_VALUED: Record<string, (value: unknown) => boolean> = {
  choices: (value) => typeof value === 'string',
  rating: (value) => typeof value === 'boolean' || (typeof value === 'number' && Number.isInteger(value)),
  number: () => false,
  textarea: (value) => typeof value === 'string',
};

interface ControlInfo {
  type: string;
  to_name: string[];
}

/** Python's `type(value)` repr for the error message. */
function pythonClass(value: unknown): string {
  if (value === null || value === undefined) return "<class 'NoneType'>";
  if (typeof value === 'number') return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
  if (typeof value === 'boolean') return "<class 'bool'>";
  return "<class 'object'>";
}

/**
 * `Prediction.prepare_prediction_result`: a list is kept (its items must be objects); an object
 * becomes one result for the first control whose type is one of its keys; a string or integer
 * becomes one result for the first single-valued control that accepts it. When nothing matches
 * the result is null, as in Label Studio. Anything else is refused.
 */
export function prepareResult(result: unknown, parsedConfig: Record<string, ControlInfo>): unknown {
  if (Array.isArray(result)) {
    if (result.some((item) => item === null || typeof item !== 'object' || Array.isArray(item))) {
      throw new ValidationError({ non_field_errors: ['Each item in prediction result should be dict'] });
    }
    return result;
  }
  const controls = Object.entries(parsedConfig);
  if (result !== null && typeof result === 'object') {
    for (const [name, control] of controls) {
      const type = control.type.toLowerCase();
      if (Object.hasOwn(result, type)) {
        return [{ from_name: name, to_name: control.to_name.join(','), type, value: result }];
      }
    }
    return null;
  }
  const isIntegral = typeof result === 'boolean' || (typeof result === 'number' && Number.isInteger(result));
  if (typeof result === 'string' || isIntegral) {
    for (const [name, control] of controls) {
      const type = control.type.toLowerCase();
      if (SINGLE_VALUED[type]?.(result)) {
        return [{ from_name: name, to_name: control.to_name.join(','), type, value: { [type]: [result] } }];
      }
    }
    return null;
  }
  throw new ValidationError({
    non_field_errors: [`Incorrect format ${pythonClass(result)} for prediction result ${pythonRepr(result)}`],
  });
}
