import { LABEL_CONFIG_SCHEMA } from './configSchema.js';
import { PyDict, pythonStringRepr, toBadgerfish, type PyValue } from './pythonValues.js';
import { findSchemaViolation } from './schemaValidator.js';
import type { XmlElement } from './types.js';
import { parseXml, XmlDtdForbiddenError, XmlSyntaxError } from './xml.js';
import { serializeXml, withoutCommentElements } from './xmlTree.js';

/**
 * Label Studio's `validate_label_config`: XML syntax, the JSON Schema over the BadgerFish form,
 * unique names, and every toName entry naming an existing name. Returns Label Studio's error
 * text, or null when the config is valid.
 */
export function validateLabelConfig(config: string | null | undefined): string | null {
  if (config === null || config === undefined) return 'can only parse strings';
  let root: XmlElement;
  try {
    root = withoutCommentElements(parseXml(config));
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof XmlDtdForbiddenError) return error.message;
    throw error;
  }
  const violation = findSchemaViolation(labelConfigSchemaInstance(root), LABEL_CONFIG_SCHEMA);
  if (violation) return violation;

  // Label Studio finds names with regular expressions over the re-serialized XML, so attributes
  // such as `filename="…"` count as names too; copied deliberately.
  const serialized = serializeXml(root);
  const names = [...serialized.matchAll(/name="([^"]*)"/g)].map((match) => match[1]!);
  const uniqueNames = new Set(names);
  if (uniqueNames.size !== names.length) return 'Label config contains non-unique names';
  for (const match of serialized.matchAll(/toName="([^"]*)"/g)) {
    for (const toName of match[1]!.split(',')) {
      if (!uniqueNames.has(toName)) {
        const sorted = [...uniqueNames].sort(compareCodePoints).map(pythonStringRepr);
        return `toName="${toName}" not found in names: [${sorted.join(', ')}]`;
      }
    }
  }
  return null;
}

/** The BadgerFish form of a parsed config that Label Studio checks against its JSON Schema. */
export function labelConfigSchemaInstance(root: XmlElement): PyDict {
  return fixSingleChoices(toBadgerfish(root));
}

/** Python sorts strings by code point; JavaScript's default sort compares UTF-16 units. */
function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = a[index]!.codePointAt(0)! - b[index]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** Label Studio's `_fix_choices`: a lone `<Choice>` becomes a list, through nested Views only. */
function fixSingleChoices(config: PyDict): PyDict {
  const choices = config.entries.get('Choices');
  if (choices instanceof PyDict) {
    wrapChoice(choices);
  } else if (Array.isArray(choices) && choices.every((item) => item instanceof PyDict && item.entries.has('Choice'))) {
    for (const item of choices) wrapChoice(item as PyDict);
  }
  const view = config.entries.get('View');
  if (view instanceof PyDict) fixSingleChoices(view);
  else if (Array.isArray(view)) for (const item of view) if (item instanceof PyDict) fixSingleChoices(item);
  return config;
}

function wrapChoice(choices: PyDict): void {
  const choice: PyValue | undefined = choices.entries.get('Choice');
  if (choice !== undefined && !Array.isArray(choice)) choices.entries.set('Choice', [choice]);
}
