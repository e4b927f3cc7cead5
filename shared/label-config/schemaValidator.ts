/**
 * Hand-written, not ajv, because Label Studio answers an invalid config with Python
 * jsonschema's own message, verbatim: the error its `best_match` picks (ajv's first error comes
 * from anyOf's first branch), worded its way (`'value' is a required property`, not `should have
 * required property`), with Python reprs of the instance (`None`, `True`, `OrderedDict({...})`)
 * and its path form (`Choice/0`). Only the keywords Label Studio's schema uses are implemented.
 * ajv is not a dependency (eslint brings ajv 6). Proof: test/labelConfig/schemaMessages.test.ts,
 * Label Studio's recorded messages against this and against ajv.
 */
import { resolveSchemaRef, type Schema } from './configSchema.js';
import { PyDict, PyNumber, pythonRepr, pythonStringRepr, type PyValue } from './pythonValues.js';

/** One jsonschema ValidationError: `path` is relative to the instance its validator saw. */
interface SchemaError {
  message: string;
  keyword: string;
  path: (string | number)[];
  schema: Schema;
  instance: PyValue;
  context: SchemaError[];
}

/**
 * Validates like Python jsonschema's Draft6Validator restricted to the keywords Label Studio's
 * schema uses, then picks the error `jsonschema.validate` would raise (`best_match`) and words it
 * as Label Studio does: `Validation failed on <path>: <message without @>`.
 */
export function findSchemaViolation(instance: PyValue, schema: Schema): string | null {
  const errors = iterErrors(instance, schema);
  if (errors.length === 0) return null;
  const best = bestMatch(errors);
  const message = best.context[0]?.message ?? best.message;
  return `Validation failed on ${best.path.join('/')}: ${message.replaceAll('@', '')}`;
}

function iterErrors(instance: PyValue, schema: Schema): SchemaError[] {
  // Draft 6: a $ref replaces every sibling keyword.
  if (typeof schema.$ref === 'string') return iterErrors(instance, resolveSchemaRef(schema.$ref));
  const errors: SchemaError[] = [];
  const fail = (keyword: string, message: string, context: SchemaError[] = []) =>
    errors.push({ message, keyword, path: [], schema, instance, context });
  for (const [keyword, argument] of Object.entries(schema)) {
    if (keyword === 'type' && !isType(instance, argument as string)) {
      fail('type', `${pythonRepr(instance)} is not of type ${pythonStringRepr(argument as string)}`);
    } else if (keyword === 'required' && instance instanceof PyDict) {
      for (const property of argument as string[]) {
        if (!instance.entries.has(property)) fail('required', `${pythonStringRepr(property)} is a required property`);
      }
    } else if (keyword === 'properties' && instance instanceof PyDict) {
      for (const [property, subschema] of Object.entries(argument as Record<string, Schema>)) {
        if (instance.entries.has(property)) {
          errors.push(...descend(instance.entries.get(property)!, subschema, property));
        }
      }
    } else if (keyword === 'items' && Array.isArray(instance)) {
      instance.forEach((item, index) => errors.push(...descend(item, argument as Schema, index)));
    } else if (keyword === 'anyOf') {
      const context: SchemaError[] = [];
      let matched = false;
      for (const subschema of argument as Schema[]) {
        const subErrors = iterErrors(instance, subschema);
        if (subErrors.length === 0) {
          matched = true;
          break;
        }
        context.push(...subErrors);
      }
      if (!matched) fail('anyOf', `${pythonRepr(instance)} is not valid under any of the given schemas`, context);
    } else if (keyword === 'oneOf') {
      checkOneOf(instance, argument as Schema[], fail);
    }
  }
  return errors;
}

function checkOneOf(
  instance: PyValue,
  subschemas: Schema[],
  fail: (keyword: string, message: string, context?: SchemaError[]) => void,
): void {
  const context: SchemaError[] = [];
  const firstValid = subschemas.findIndex((subschema) => {
    const subErrors = iterErrors(instance, subschema);
    context.push(...subErrors);
    return subErrors.length === 0;
  });
  if (firstValid === -1) {
    fail('oneOf', `${pythonRepr(instance)} is not valid under any of the given schemas`, context);
    return;
  }
  const moreValid = subschemas
    .slice(firstValid + 1)
    .filter((subschema) => iterErrors(instance, subschema).length === 0);
  if (moreValid.length > 0) {
    const reprs = [...moreValid, subschemas[firstValid]!].map(schemaRepr).join(', ');
    fail('oneOf', `${pythonRepr(instance)} is valid under each of ${reprs}`);
  }
}

function schemaRepr(schema: Schema): string {
  const items = Object.entries(schema).map(
    ([key, item]) =>
      `${pythonStringRepr(key)}: ${Array.isArray(item) ? `[${item.map((entry) => pythonStringRepr(String(entry))).join(', ')}]` : pythonStringRepr(String(item))}`,
  );
  return `{${items.join(', ')}}`;
}

function descend(instance: PyValue, schema: Schema, pathElement: string | number): SchemaError[] {
  const errors = iterErrors(instance, schema);
  for (const error of errors) error.path.unshift(pathElement);
  return errors;
}

function isType(instance: PyValue, type: string): boolean {
  switch (type) {
    case 'object':
      return instance instanceof PyDict;
    case 'array':
      return Array.isArray(instance);
    case 'string':
      return typeof instance === 'string';
    case 'number':
      return instance instanceof PyNumber;
    case 'boolean':
      return typeof instance === 'boolean';
    default:
      return false;
  }
}

type RelevanceKey = [number, (string | number)[], boolean, boolean];

/** jsonschema's `relevance`: shallower, earlier, not anyOf/oneOf, matching the instance's type. */
function relevance(error: SchemaError): RelevanceKey {
  const type = error.schema.type;
  const matchesType = typeof type === 'string' && isType(error.instance, type);
  return [-error.path.length, error.path, error.keyword !== 'anyOf' && error.keyword !== 'oneOf', !matchesType];
}

function compareKeys(left: RelevanceKey, right: RelevanceKey): number {
  if (left[0] !== right[0]) return left[0] - right[0];
  const pathOrder = comparePaths(left[1], right[1]);
  if (pathOrder !== 0) return pathOrder;
  if (left[2] !== right[2]) return Number(left[2]) - Number(right[2]);
  return Number(left[3]) - Number(right[3]);
}

function comparePaths(left: (string | number)[], right: (string | number)[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const a = left[index]!;
    const b = right[index]!;
    if (a === b) continue;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a) < String(b) ? -1 : 1;
  }
  return left.length - right.length;
}

/** jsonschema `best_match`: the most relevant top-level error, then down its context while unambiguous. */
function bestMatch(errors: SchemaError[]): SchemaError {
  let best = errors[0]!;
  for (const error of errors.slice(1)) if (compareKeys(relevance(error), relevance(best)) > 0) best = error;
  while (best.context.length > 0) {
    const sorted = best.context
      .map((error, index) => ({ error, index, key: relevance(error) }))
      .sort((left, right) => compareKeys(left.key, right.key) || left.index - right.index);
    const [first, second] = sorted;
    if (second && compareKeys(first!.key, second.key) === 0) return best;
    best = first!.error;
  }
  return best;
}
