import { parseXml } from '../../../../shared/label-config/xml';
import type { XmlElement } from '../../../../shared/label-config/types';
import { both } from '../import/readableImportMessage';

/*
 * Label Studio's config refusals (Python expat's XML errors, jsonschema's messages over the config
 * as a dict, its own name checks) stay verbatim on the API; under the config editor they are said
 * in words: what is wrong, and on which line and column, counted from 1 as an editor counts.
 */

export interface ReadableConfigProblem {
  message: string;
  /** 1-based. */
  line: number | null;
  /** 1-based (expat counts columns from 0). */
  column: number | null;
}

const XML_REASONS: Record<string, string> = {
  'mismatched tag': 'this closing tag does not match the tag opened last; close the inner tag first',
  'no element found': 'the config ends before every tag is closed',
  'junk after document element':
    'there is something after the closing tag of the outer element; a config is one element, such as <View>…</View>, around everything',
  'duplicate attribute': 'the same attribute is written twice in this tag',
  'unclosed token': 'this tag is never finished: its closing > is missing',
  'undefined entity': 'this & starts a name XML does not know; write &amp; for a plain &',
  'not well-formed (invalid token)':
    'XML does not allow this character here; look for a stray <, & or quote, or an attribute value without quotes',
  'syntax error': 'this is not XML; a config starts with a tag such as <View>',
  'XML or text declaration not at start of entity':
    'the <?xml …?> declaration must be the very first thing in the config',
  'reference to invalid character number': 'this character reference (&#…;) names a character XML does not allow',
  'unbound prefix': 'this name uses a prefix (the part before ":") that is not declared',
};

const XML_ERROR = /^(.+): line (\d+), column (\d+)$/;
const SCHEMA_ERROR = /^Validation failed on ([^:]*): ([\s\S]*)$/;
const MISSING_TO_NAME = /^toName="([^"]*)" not found in names: \[(.*)\]$/;
const DTD = /^DTDForbidden\(name='([^']*)'/;

/** Child tag a container needs → the container, as the schema asks for them. */
const CONTAINER_OF: Record<string, string> = { Choice: 'Choices', Label: 'Labels' };

/** Attributes jsonschema can find missing, and what each one is for. */
const ATTRIBUTE_PURPOSE: Record<string, string> = {
  name: 'a name="…" that is unique in the config',
  toName: 'a toName="…" naming the tag it labels',
  value: 'a value="…" (such as value="$text", the task data it shows)',
};

function quotedNames(list: string): string[] {
  return [...list.matchAll(/'((?:[^'\\]|\\.)*)'|"([^"]*)"/g)].map((found) => found[1] ?? found[2] ?? '');
}

function elementsOf(config: string | undefined): XmlElement[] {
  if (!config) return [];
  try {
    const found: XmlElement[] = [];
    const visit = (element: XmlElement) => {
      found.push(element);
      element.children.forEach(visit);
    };
    visit(parseXml(config));
    return found;
  } catch {
    return [];
  }
}

function at(element: XmlElement | undefined): Pick<ReadableConfigProblem, 'line' | 'column'> {
  return element ? { line: element.line, column: element.column + 1 } : { line: null, column: null };
}

/** The closing tag's name at a 0-based expat position, when the text there is `</Name`. */
function closingTagAt(config: string | undefined, line: number, column: number): string | null {
  const text = config?.split('\n')[line - 1];
  if (text === undefined) return null;
  const before = text.slice(Math.max(0, column - 2), column + 60);
  return /^<\/([\w:.-]+)/.exec(before)?.[1] ?? /^([\w:.-]+)/.exec(text.slice(column))?.[1] ?? null;
}

function xmlProblem(reason: string, line: number, column: number, config?: string): ReadableConfigProblem {
  const depth = /^elements nested deeper than (\d+) levels$/.exec(reason)?.[1];
  let words = XML_REASONS[reason] ?? (depth ? `tags are nested more than ${depth} levels deep` : reason);
  if (reason === 'mismatched tag') {
    const closing = closingTagAt(config, line, column);
    if (closing) words = `the closing tag </${closing}> does not match the tag opened last; close the inner tag first`;
  }
  if (reason === 'no element found' && config !== undefined && config.trim() === '') {
    return { message: 'The config is empty: it needs at least a <View> tag.', line: null, column: null };
  }
  return { message: `Line ${line}, column ${column + 1}: ${words}.`, line, column: column + 1 };
}

function schemaProblem(path: string, text: string, config?: string): ReadableConfigProblem {
  const elements = elementsOf(config);
  const required = /^'(\w+)' is a required property$/.exec(text);
  if (required) {
    const missing = required[1]!;
    const container = CONTAINER_OF[missing];
    if (container) {
      const empty = elements.find(
        (element) => element.tag.endsWith(container) && !element.children.some((child) => child.tag === missing),
      );
      const tag = empty?.tag ?? container;
      return { message: `A <${tag}> tag needs at least one <${missing}> inside it.`, ...at(empty) };
    }
    const purpose = ATTRIBUTE_PURPOSE[missing];
    if (purpose) {
      const where = path.startsWith('Choice/') ? 'Choice' : null;
      const lacking = elements.find(
        (element) => (where ? element.tag === where : element !== elements[0]) && needs(element, missing),
      );
      const tag = lacking ? `<${lacking.tag}>` : where ? `<${where}>` : 'A tag';
      return { message: `${tag === 'A tag' ? tag : `A ${tag} tag`} needs ${purpose}.`, ...at(lacking) };
    }
    return { message: `A tag needs a <${missing}> inside it.`, line: null, column: null };
  }
  const type = /^(.+) is not of type '(\w+)'$/.exec(text);
  if (type) {
    const attribute = path.replace(/^@/, '').split('/').at(-1) ?? path;
    const shown = type[1]!;
    const element = elements.find((item) =>
      shown === 'None'
        ? item.attributes[attribute] === ''
        : item.attributes[attribute]?.toLowerCase() === shown.toLowerCase(),
    );
    const written = element?.attributes[attribute] ?? (shown === 'None' ? '' : shown);
    const reads =
      shown === 'None' ? 'is empty' : /^(True|False)$/.test(shown) ? 'reads as true or false' : 'reads as a number';
    return {
      message: `${attribute}="${written}" ${reads}, and ${attribute} must be text: ${shown === 'None' ? 'fill it in' : 'use a name that starts with a letter'}.`,
      ...at(element),
    };
  }
  if (/is valid under each of/.test(text)) {
    return {
      message: 'A tag has both value="…" and valueList="…"; keep only one of them.',
      line: null,
      column: null,
    };
  }
  return { message: `The config's structure is not valid at ${path || 'its top'}: ${text}.`, line: null, column: null };
}

/** Whether a tag of this kind is one that must carry the attribute (control tags and objects). */
function needs(element: XmlElement, attribute: string): boolean {
  if (attribute in element.attributes) return false;
  if (attribute === 'toName') return 'name' in element.attributes && !('value' in element.attributes);
  if (attribute === 'value') return element.tag === 'Choice' || element.tag === 'Label';
  return ['Choices', 'Labels', 'Image', 'Text', 'HyperText'].some((tag) => element.tag.endsWith(tag));
}

/** Label Studio's message about a config, in words; `config` is the text it was about, to point at the tag. */
export function readableConfigProblem(raw: string, config?: string): ReadableConfigProblem {
  const message = raw.trim();
  const xml = XML_ERROR.exec(message);
  if (xml && !message.startsWith('Validation failed')) {
    return xmlProblem(xml[1]!, Number(xml[2]), Number(xml[3]), config);
  }
  const schema = SCHEMA_ERROR.exec(message);
  if (schema) return schemaProblem(schema[1]!, schema[2]!, config);
  const missingTarget = MISSING_TO_NAME.exec(message);
  if (missingTarget) {
    const target = missingTarget[1]!;
    const names = quotedNames(missingTarget[2]!).map((name) => `"${name}"`);
    const element = elementsOf(config).find((item) => (item.attributes.toName ?? '').split(',').includes(target));
    const which = target === '' ? 'An empty toName=""' : `toName="${target}"`;
    return {
      message:
        `${which} points to no tag: no tag is named "${target}". ` +
        (names.length > 0 ? `The names in the config are ${both(names)}.` : 'No tag in the config has a name.'),
      ...at(element),
    };
  }
  if (message === 'Label config contains non-unique names') {
    const seen = new Map<string, XmlElement>();
    const repeated = elementsOf(config).find((element) => {
      const name = element.attributes.name;
      if (name === undefined) return false;
      if (seen.has(name)) return true;
      seen.set(name, element);
      return false;
    });
    const name = repeated?.attributes.name;
    return {
      message: name
        ? `Two tags are named "${name}": every name="…" in the config must be different.`
        : 'Two tags share a name: every name="…" in the config must be different.',
      ...at(repeated),
    };
  }
  const dtd = DTD.exec(message);
  if (dtd) {
    return {
      message: 'A config may not have a <!DOCTYPE …> declaration (it could make the server read files); remove it.',
      line: null,
      column: null,
    };
  }
  if (message === 'can only parse strings') return { message: 'The config is missing.', line: null, column: null };
  const located = /line (\d+), column (\d+)/.exec(message);
  return located
    ? { message, line: Number(located[1]), column: Number(located[2]) + 1 }
    : { message, line: null, column: null };
}
