import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { LABEL_CONFIG_SCHEMA, resolveSchemaRef, type Schema } from '../../shared/label-config/configSchema.js';
import { PyDict, PyNumber, type PyValue } from '../../shared/label-config/pythonValues.js';
import { labelConfigSchemaInstance, validateLabelConfig } from '../../shared/label-config/validateLabelConfig.js';
import { parseXml } from '../../shared/label-config/xml.js';
import { withoutCommentElements } from '../../shared/label-config/xmlTree.js';
import { INVALID_CONFIGS } from '../fixtures/labelConfigs/invalidConfigs.js';

const SCHEMA_CASES = INVALID_CONFIGS.filter((entry) => entry.error.startsWith('Validation failed on'));

/** The schema as one JSON Schema document: its `$ref`s gathered under `definitions`. */
function schemaDocument(): Schema {
  const definitions: Record<string, Schema> = {};
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string') {
          const name = item.replace('#/definitions/', '');
          if (!(name in definitions)) {
            definitions[name] = resolveSchemaRef(item);
            visit(definitions[name]);
          }
        } else visit(item);
      }
    }
  };
  visit(LABEL_CONFIG_SCHEMA);
  return { ...LABEL_CONFIG_SCHEMA, definitions };
}

function plainJson(value: PyValue): unknown {
  if (value instanceof PyNumber) return value.value;
  if (value instanceof PyDict)
    return Object.fromEntries([...value.entries].map(([key, item]) => [key, plainJson(item)]));
  if (Array.isArray(value)) return value.map(plainJson);
  return value;
}

// ajv, the common JS validator, is here only to show what one says (not strict: the schema is Label
// Studio's, with keywords ajv's strict mode does not know).
const validateAll = new Ajv({ allErrors: true, strict: false }).compile(schemaDocument());
const validateFirst = new Ajv({ allErrors: false, strict: false }).compile(schemaDocument());

/** ajv's errors for a config's BadgerFish form, each as `keyword path: message`, in its order. */
function ajvErrors(config: string, allErrors: boolean): string[] {
  const validate = allErrors ? validateAll : validateFirst;
  const instance = plainJson(labelConfigSchemaInstance(withoutCommentElements(parseXml(config))));
  if (validate(instance)) return [];
  return validate.errors!.map((error) => `${error.keyword} ${error.instancePath}: ${error.message}`);
}

function schemaCase(name: string): { config: string; error: string } {
  const found = SCHEMA_CASES.find((entry) => entry.name === name)!;
  return { config: found.config!, error: found.error };
}

/**
 * Why shared/label-config/schemaValidator.ts is hand-written rather than ajv: Label Studio returns
 * Python jsonschema's message verbatim, the one `best_match` picks, with Python reprs in it.
 */
describe("label config schema errors are Python jsonschema's, which no JS validator gives", () => {
  it('Outpost gives every message Label Studio recorded', () => {
    expect(SCHEMA_CASES.length).toBeGreaterThanOrEqual(14);
    for (const { config, error } of SCHEMA_CASES) expect(validateLabelConfig(config)).toBe(error);
  });

  it("ajv's first error, worded as Label Studio words it, is none of them: it comes from anyOf's first branch", () => {
    const ajvTexts = SCHEMA_CASES.map(({ config }) => {
      const first = ajvErrors(config!, false)[0]!;
      const [, path, message] = /^\S+ (\S*): (.*)$/.exec(first)!;
      return `Validation failed on ${path}: ${message}`;
    });
    expect(ajvTexts.filter((text, index) => text === SCHEMA_CASES[index]!.error)).toEqual([]);
    const noChoice = SCHEMA_CASES.findIndex((entry) => entry.name === 'Choices without any Choice');
    expect(SCHEMA_CASES[noChoice]!.error).toBe("Validation failed on : 'Choice' is a required property");
    expect(ajvTexts[noChoice]).toBe('Validation failed on /View/Choices: must be array');
  });

  it('even at the same place, ajv words it otherwise and has no Python reprs to quote', () => {
    const missing = schemaCase('Choice without value');
    expect(missing.error).toBe("Validation failed on Choice/0: 'value' is a required property");
    expect(ajvErrors(missing.config, true)).toContain(
      "required /View/Choices/Choice/0: must have required property '@value'",
    );

    const empty = schemaCase('Text with an empty value');
    expect(empty.error).toBe("Validation failed on @value: None is not of type 'string'");
    expect(ajvErrors(empty.config, true)).toContain('type /View/Text/@value: must be string');

    const booleanLooking = schemaCase('boolean-looking toName');
    expect(booleanLooking.error).toBe("Validation failed on @toName: True is not of type 'string'");
    expect(ajvErrors(booleanLooking.config, true)).toContain('type /View/Choices/@toName: must be string');

    const both = schemaCase('Text with both value and valueList');
    expect(both.error).toMatch(/^Validation failed on : OrderedDict\(\{.*\}\) is valid under each of /);
    expect(ajvErrors(both.config, true)).toContain('oneOf /View/Text: must match exactly one schema in oneOf');
  });
});
