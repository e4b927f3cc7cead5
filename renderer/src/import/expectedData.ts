import { extractDataTypes } from '../../../shared/label-config/dataTypes';
import { parseXml } from '../../../shared/label-config/xml';

/** A task data key the labeling config reads (`$ner`), and the tag that shows it. */
export interface ExpectedKey {
  key: string;
  tag: string;
}

/** Tags whose value is a file: one such file per task fills the key by itself. */
const FILE_TAGS: Record<string, string> = {
  Image: 'an image',
  Audio: 'an audio file',
  AudioPlus: 'an audio file',
  Video: 'a video',
  HyperText: 'an HTML page',
};

/**
 * The data keys a task needs, as Label Studio derives them (`data_types`), in the order the
 * config names them; null when the config cannot be read (the server has the last word anyway).
 */
export function expectedDataKeys(labelConfig: string): ExpectedKey[] | null {
  try {
    return Object.entries(extractDataTypes(parseXml(labelConfig))).map(([key, tag]) => ({ key, tag }));
  } catch {
    return null;
  }
}

/** How files alone can fill the config's only key (one image per task, a TXT line per task), or null. */
export function fileHint(keys: readonly ExpectedKey[]): string | null {
  if (keys.length !== 1) return null;
  const { key, tag } = keys[0]!;
  if (tag === 'Text') return `Or a TXT file: each of its lines becomes one task and fills ${key}.`;
  const kind = FILE_TAGS[tag];
  return kind ? `Or ${kind} per task: each file becomes one task and fills ${key} by itself.` : null;
}

/** The expected keys a tabular upload lacks (none to say for a TXT's `$undefined$`, which fills the first key). */
export function missingColumns(keys: readonly ExpectedKey[], columns: readonly string[]): string[] {
  if (columns.length === 0 || columns.includes('$undefined$')) return [];
  return keys.map((expected) => expected.key).filter((key) => !columns.includes(key));
}
