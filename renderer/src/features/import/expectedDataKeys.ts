import { extractDataTypes } from '../../../../shared/label-config/dataTypes';
import type { XmlElement } from '../../../../shared/label-config/types';
import { parseXml } from '../../../../shared/label-config/xml';
import { iterateElements } from '../../../../shared/label-config/xmlTree';

/** A task data key the labeling config reads (`$ner`), and the tag that shows it. */
export interface ExpectedKey {
  key: string;
  tag: string;
  /**
   * Set when only tags without a name read it (`<Header value="$query"/>`): Label Studio does not
   * check such a key on import, but the task shows nothing there without it.
   */
  optional?: true;
}

/** Tags whose value is a file: one such file per task fills the key by itself. */
const FILE_TAGS: Record<string, string> = {
  Image: 'an image',
  Audio: 'an audio file',
  AudioPlus: 'an audio file',
  Video: 'a video',
  HyperText: 'an HTML page',
};

/** Where a tag reads a data key: `$text`, or `$items` inside a longer value; Repeater's `$images[{{idx}}].url` reads `images`. */
function referencedKey(element: XmlElement): string | null {
  const value = element.attributes.value ?? element.attributes.valueList;
  const found = value ? /\$([\p{L}\p{N}_]+)/u.exec(value) : null;
  return found ? found[1]! : null;
}

function readableRoot(labelConfig: string): XmlElement | null {
  try {
    return parseXml(labelConfig);
  } catch {
    return null;
  }
}

/**
 * The data keys a task needs, in the order the config names them: those Label Studio checks on
 * import (`data_types`: tags with a name), then those only unnamed tags show. Null when the config
 * cannot be read (the server has the last word anyway).
 */
export function expectedDataKeys(labelConfig: string): ExpectedKey[] | null {
  const root = readableRoot(labelConfig);
  if (!root) return null;
  const checked = extractDataTypes(root);
  const keys: ExpectedKey[] = Object.entries(checked).map(([key, tag]) => ({ key, tag }));
  for (const { element } of iterateElements(root)) {
    const key = element === root ? null : referencedKey(element);
    if (key && !keys.some((expected) => expected.key === key)) keys.push({ key, tag: element.tag, optional: true });
  }
  return keys;
}

const MEDIA_EXAMPLES: Record<string, string> = {
  Image: 'https://example.com/photo-1.jpg',
  Audio: 'https://example.com/recording-1.mp3',
  AudioPlus: 'https://example.com/recording-1.mp3',
  Video: 'https://example.com/clip-1.mp4',
  TimeSeries: 'https://example.com/series-1.csv',
  Pdf: 'https://example.com/document-1.pdf',
  HyperText: '<p>…</p>',
};

/** A short value of the shape a tag reads: a list of items for List, of utterances for Paragraphs. */
function exampleValue(element: XmlElement): unknown {
  const { tag, attributes } = element;
  const repeated = /\[\{\{\w+\}\}\](?:\.([\p{L}\p{N}_]+))?/u.exec(attributes.value ?? '');
  if (repeated) return [repeated[1] ? { [repeated[1]]: '…' } : '…'];
  let example: unknown = MEDIA_EXAMPLES[tag] ?? '…';
  if (tag === 'List') example = [{ id: 1, title: '…', body: '…' }];
  if (tag === 'Paragraphs') example = [{ [attributes.nameKey ?? 'author']: '…', [attributes.textKey ?? 'text']: '…' }];
  if (tag === 'Table') example = { column: '…' };
  // Labels and Choices that read their options from the task (`value="$options"`).
  if (/(Labels|Choices|Taxonomy)$/.test(tag)) example = [{ value: '…' }];
  return 'valueList' in attributes && !('value' in attributes) ? [example] : example;
}

/** One task with every key the config reads, each with a value of the right shape; null as above. */
export function exampleTask(labelConfig: string): Record<string, unknown> | null {
  const root = readableRoot(labelConfig);
  if (!root) return null;
  const task: Record<string, unknown> = {};
  for (const { element } of iterateElements(root)) {
    const key = element === root ? null : referencedKey(element);
    if (key && !(key in task)) task[key] = exampleValue(element);
  }
  return task;
}

/** How files alone can fill the config's only key (one image per task, a TXT line per task), or null. */
export function fileHint(keys: readonly ExpectedKey[]): string | null {
  const checked = keys.filter((expected) => !expected.optional);
  if (checked.length !== 1) return null;
  const { key, tag } = checked[0]!;
  if (tag === 'Text') return `Or a TXT file: each of its lines becomes one task and fills ${key}.`;
  const kind = FILE_TAGS[tag];
  return kind ? `Or ${kind} per task: each file becomes one task and fills ${key} by itself.` : null;
}

/** The expected keys a tabular upload lacks (none to say for a TXT's `$undefined$`, which fills the first key). */
export function missingColumns(keys: readonly ExpectedKey[], columns: readonly string[]): string[] {
  if (columns.length === 0 || columns.includes('$undefined$')) return [];
  return keys
    .filter((expected) => !expected.optional && !columns.includes(expected.key))
    .map((expected) => expected.key);
}
