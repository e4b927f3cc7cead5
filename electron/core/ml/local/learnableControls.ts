import type { ParsedLabelConfig, XmlElement } from '../../../../shared/label-config/index.js';
import { iterateElements, parseXml } from '../../../../shared/label-config/index.js';

/*
 * Which controls of a labeling config the built-in model can learn: a Choices on a Text
 * (classification of the whole text, one choice or several) and a Labels on a Text (spans).
 * Anything else (images, audio, per-region choices, text given by URL) is left to model servers.
 */

export type ControlKind = 'classification' | 'spans';

export interface LearnableControl {
  name: string;
  kind: ControlKind;
  /** The Text object the control labels. */
  toName: string;
  /** The task data key holding that text. */
  dataKey: string;
  /** The labels the config defines; empty when any is allowed (dynamic labels). */
  labels: string[];
  /** A Choices with `choice="multiple"`. */
  multiple: boolean;
}

export interface LearnableConfig {
  controls: LearnableControl[];
  /** Why the model cannot learn this config, when it has no learnable control. */
  reason: string | null;
}

const KINDS: Readonly<Record<string, ControlKind>> = { Choices: 'classification', Labels: 'spans' };

/** The config's tags by name (the first of a name wins); an unreadable config has none. */
export function elementsByName(labelConfig: string): Map<string, XmlElement> {
  const byName = new Map<string, XmlElement>();
  try {
    for (const { element } of iterateElements(parseXml(labelConfig))) {
      const name = element.attributes.name;
      if (name !== undefined && !byName.has(name)) byName.set(name, element);
    }
  } catch {
    // A stored config was valid when saved; an unreadable one simply offers nothing to work with.
  }
  return byName;
}

/** The Text object (and its data key) a control labels, when it labels one given inline. */
function textObjectOf(toNames: readonly string[], elements: Map<string, XmlElement>) {
  for (const toName of toNames) {
    const object = elements.get(toName);
    const value = object?.attributes.value ?? '';
    if (object?.tag !== 'Text' || !value.startsWith('$')) continue;
    if ((object.attributes.valueType ?? '').toLowerCase() === 'url') continue;
    return { toName, dataKey: value.replace(/^\$+/, '') };
  }
  return null;
}

function describe(name: string, type: string, toNames: readonly string[], elements: Map<string, XmlElement>): string {
  const objects = toNames.map((toName) => elements.get(toName)?.tag ?? toName);
  return `${type} "${name}" on ${objects.join(', ')}`;
}

export function learnableControlsOf(labelConfig: string, parsed: ParsedLabelConfig): LearnableConfig {
  const elements = elementsByName(labelConfig);
  const controls: LearnableControl[] = [];
  const others: string[] = [];
  for (const [name, control] of Object.entries(parsed)) {
    const kind = KINDS[control.type];
    const attributes = elements.get(name)?.attributes ?? {};
    const text = textObjectOf(control.to_name, elements);
    if (!kind || !text || attributes.perRegion === 'true') {
      others.push(describe(name, control.type, control.to_name, elements));
      continue;
    }
    controls.push({
      name,
      kind,
      ...text,
      labels: control.dynamic_labels ? [] : control.labels,
      multiple: kind === 'classification' && attributes.choice === 'multiple',
    });
  }
  if (controls.length > 0) return { controls, reason: null };
  const found = others.length > 0 ? `it has ${others.join('; ')}` : 'it has no controls';
  return {
    controls,
    reason:
      'The built-in model learns text classification (Choices on a Text) and text spans (Labels on a Text), ' +
      'reads text in images (OCR: an Image with a shape and a per-region TextArea), segments on request (an ' +
      'Image with BrushLabels or PolygonLabels and a smart tool) and detects objects with an ONNX detector ' +
      `set for the project; this labeling config has none of these (${found}).`,
  };
}
