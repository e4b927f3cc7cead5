import { EXAMPLE_PARAGRAPHS, EXAMPLES_BY_NAME, EXAMPLES_BY_TAG } from './sampleExamples.js';
import { textDataUri } from './sampleMedia.js';
import { generateTimeSeriesCsv, generateTimeSeriesJson } from './sampleTimeSeries.js';
import type { XmlElement } from './types.js';

/**
 * Builds a plausible task `data` object for a label config, following Label Studio's
 * `generate_sample_task_without_check` rules (editor-preview examples):
 *
 * 1. Every descendant with `value="$key"` (then every one with `valueList="$key"`) gets an example.
 * 2. An example registered for the key's name wins; then per tag: HyperText named `video`, List,
 *    Paragraphs (with nameKey/textKey), TimeSeries (timeColumn + Channel columns), HyperText,
 *    dynamic `*Labels` and `Choices`, and finally the example for the tag type. `valueList`
 *    wraps the example in a list.
 * 3. A Repeater key such as `images[{{idx}}].url` becomes a list of two items.
 *
 * Where Label Studio points at URLs its server hosts (`valueType="url"`), Outpost inlines the same
 * content as a `data:` URI, and two Repeater keys sharing a list are merged rather than overwritten.
 */
export function generateSampleTask(root: XmlElement): Record<string, unknown> {
  const task: Record<string, unknown> = {};
  const withValue = descendants(root).filter((element) => 'value' in element.attributes);
  const withValueList = descendants(root).filter((element) => 'valueList' in element.attributes);
  for (const element of [...withValue, ...withValueList]) {
    const reference = element.attributes.value || element.attributes.valueList;
    if (!reference?.startsWith('$')) continue;
    const key = reference.slice(1);
    task[key] = exampleFor(element, key, 'valueList' in element.attributes);
    if (key.includes('[')) expandRepeaterKey(task, key);
  }
  return task;
}

function descendants(root: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (element: XmlElement) => {
    for (const child of element.children) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

function attribute(element: XmlElement, ...names: string[]): string | null {
  for (const name of names) {
    const value = element.attributes[name];
    if (value) return value;
  }
  return null;
}

function exampleFor(element: XmlElement, key: string, isValueList: boolean): unknown {
  const valueType = attribute(element, 'valueType', 'valuetype');
  const tag = element.tag;
  // TimeSeries loads a file by default; every other tag holds its data inline by default.
  const isUrl = valueType === 'url' || (tag === 'TimeSeries' && valueType === null);

  const byName = EXAMPLES_BY_NAME[`$${key}`];
  if (byName) return isValueList ? [byName] : byName;
  if (key === 'video' && tag === 'HyperText') return EXAMPLES_BY_TAG.VideoHack;
  if (tag === 'List') return EXAMPLES_BY_TAG.List;
  if (tag === 'Paragraphs') return paragraphsExample(element, isUrl);
  if (tag === 'TimeSeries') return timeSeriesExample(element, isUrl);
  if (tag === 'HyperText') return isUrl ? EXAMPLES_BY_TAG.HyperTextUrl : EXAMPLES_BY_TAG.HyperText;
  if (tag.toLowerCase().endsWith('labels')) return EXAMPLES_BY_TAG.Labels;
  if (tag.toLowerCase() === 'choices') {
    const isNested = attribute(element, 'allowNested', 'allownested') === 'true';
    return isNested ? EXAMPLES_BY_TAG.NestedChoices : EXAMPLES_BY_TAG.Choices;
  }
  const example =
    tag === 'Text'
      ? isUrl
        ? EXAMPLES_BY_TAG.TextUrl
        : EXAMPLES_BY_TAG.TextRaw
      : (EXAMPLES_BY_TAG[tag] ?? 'Something');
  return isValueList ? [example] : example;
}

function paragraphsExample(element: XmlElement, isUrl: boolean): unknown {
  const nameKey = attribute(element, 'nameKey', 'namekey') ?? 'author';
  const textKey = attribute(element, 'textKey', 'textkey') ?? 'text';
  const paragraphs = EXAMPLE_PARAGRAPHS.map((item) => ({ [nameKey]: item.author, [textKey]: item.text }));
  return isUrl ? textDataUri('application/json', JSON.stringify(paragraphs)) : paragraphs;
}

function timeSeriesExample(element: XmlElement, isUrl: boolean): unknown {
  const timeColumn = attribute(element, 'timeColumn');
  const timeFormat = attribute(element, 'timeFormat');
  const columns = descendants(element)
    .filter((child) => child.tag === 'Channel' && 'column' in child.attributes)
    .map((channel) => channel.attributes.column ?? '');
  if (!isUrl) return generateTimeSeriesJson(timeColumn, columns, timeFormat);
  const separator = attribute(element, 'sep') ?? ',';
  return textDataUri('text/csv', generateTimeSeriesCsv(timeColumn, columns, timeFormat, separator));
}

/**
 * `images[{{idx}}].url` becomes `images: [{url: x}, {url: x}]`, `names[{{idx}}]` becomes
 * `names: [x, x]`. Several keys of one list fill the same two items.
 */
function expandRepeaterKey(task: Record<string, unknown>, key: string): void {
  const example = task[key];
  delete task[key];
  const base = key.split('[')[0] ?? '';
  const child = key.split(']')[1] ?? '';
  if (!child.startsWith('.')) {
    task[base] = [example, example];
    return;
  }
  const childName = child.slice(1);
  const existing = task[base];
  const items = Array.isArray(existing) && existing.every(isPlainObject) ? existing : [{}, {}];
  task[base] = items.map((item: Record<string, unknown>) => ({ ...item, [childName]: example }));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Task data written into the config as a comment, `<!-- {"data": {...}} -->` or `<!-- {...} -->`
 * (Label Studio's `get_task_from_labeling_config`). Its keys override the generated sample.
 * Returns null when there is no such comment or it is not a JSON object.
 */
export function readSampleTaskFromConfigComment(config: string): Record<string, unknown> | null {
  let start = config.indexOf('<!-- {');
  if (start < 0) start = config.indexOf('<!--{');
  if (start < 0) return null;
  start += 4;
  const end = config.indexOf('-->', start);
  if (end <= start) return null;
  let body: unknown;
  try {
    body = JSON.parse(config.slice(start, end));
  } catch {
    return null;
  }
  if (!isPlainObject(body)) return null;
  const hasResults = 'predictions' in body || 'annotations' in body;
  const data = 'data' in body ? body.data : hasResults ? null : body;
  return isPlainObject(data) ? data : null;
}
