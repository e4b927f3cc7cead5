import { iterateElements, parseXml, TAGS } from '../../../../shared/label-config';

/*
 * What the compare view needs from the label config: the objects a task shows (their tag and the
 * task data they read) and the controls in the order the config lists them.
 */

export interface TaskObject {
  name: string;
  /** The tag as the config spells it: Text, Image, HyperText... */
  tag: string;
  /** The task data the object reads, resolved from its `value="$key"`; undefined when absent. */
  data: unknown;
  /** The data key, for a heading when the config gives no better name. */
  key: string;
}

export interface ConfigLayout {
  objects: TaskObject[];
  /** Control names in config order. */
  controls: string[];
}

/** `$key` or `$key.inner`: the value at that path of the task data. */
function readDataPath(data: Record<string, unknown>, value: string): unknown {
  if (!value.startsWith('$')) return undefined;
  let current: unknown = data;
  for (const part of value.slice(1).split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const TAG_NAMES = new Map(Object.keys(TAGS).map((tag) => [tag.toLowerCase(), tag]));

export function configLayout(labelConfig: string, data: Record<string, unknown>): ConfigLayout {
  const objects: TaskObject[] = [];
  const controls: string[] = [];
  let root;
  try {
    root = parseXml(labelConfig);
  } catch {
    // A config this server accepted parses; an unreadable one still lets the values be compared.
    return { objects, controls };
  }
  for (const { element } of iterateElements(root)) {
    const name = element.attributes.name;
    const tag = TAG_NAMES.get(element.tag.toLowerCase());
    if (name === undefined || tag === undefined) continue;
    const kind = TAGS[tag]!.kind;
    if (kind === 'control') controls.push(name);
    if (kind === 'object') {
      const value = element.attributes.value ?? element.attributes.valueList ?? '';
      objects.push({ name, tag, data: readDataPath(data, value), key: value.replace(/^\$/, '') });
    }
  }
  return { objects, controls };
}
