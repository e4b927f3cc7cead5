import type { ParsedControl, ParsedInput, ParsedLabelConfig, XmlElement } from './types.js';
import { iterateElements } from './xmlTree.js';

const LABEL_TAGS = new Set(['Label', 'Choice', 'Relation']);
const NOT_CONTROL_TAGS = new Set(['Filter']);
const DYNAMIC_LABELS_VALUE = /^\$[A-Za-z_]+$/;

/** A control tag: any element with a name and a toName, except Filter. */
export function isControlElement(element: XmlElement): boolean {
  return Boolean(element.attributes.name && element.attributes.toName) && !NOT_CONTROL_TAGS.has(element.tag);
}

/**
 * `parsed_label_config` exactly as the Label Studio SDK's `parse_config` builds it: controls in
 * document order, inputs resolved through `toName`, labels from `alias` or `value`.
 */
export function parseLabelConfig(root: XmlElement): ParsedLabelConfig {
  const inputs = new Map<string, ParsedInput>();
  const outputs = new Map<string, Omit<ParsedControl, 'inputs' | 'labels' | 'labels_attrs'>>();
  const labels = new Map<string, Map<string, Record<string, string>>>();
  const indexVariables: string[] = [];

  for (const { element, ancestors } of iterateElements(root)) {
    const attributes = element.attributes;
    if (attributes.indexFlag !== undefined) indexVariables.push(attributes.indexFlag);
    if (isControlElement(element)) {
      outputs.set(attributes.name!, describeControl(element, indexVariables));
    } else if (attributes.name && (attributes.value || attributes.valueList)) {
      // `value` wins when the attribute is there at all, even empty; else `valueList` names the key.
      const input: ParsedInput = { type: element.tag, valueType: attributes.valueType ?? null };
      if (attributes.value !== undefined) input.value = attributes.value.replace(/^\$+/, '');
      else input.valueList = attributes.valueList!.replace(/^\$+/, '');
      inputs.set(attributes.name, input);
    }
    if (!LABEL_TAGS.has(element.tag)) continue;
    const parent = ancestors.findLast((ancestor) => outputs.has(ancestor.attributes.name ?? ''));
    const labelText = attributes.alias || attributes.value || attributes.valueList;
    if (parent && labelText) {
      const parentName = parent.attributes.name!;
      if (!labels.has(parentName)) labels.set(parentName, new Map());
      labels.get(parentName)!.set(labelText, { ...attributes });
    }
  }

  const parsed: ParsedLabelConfig = {};
  for (const [name, control] of outputs) {
    const controlLabels = labels.get(name) ?? new Map<string, Record<string, string>>();
    parsed[name] = {
      ...control,
      inputs: control.to_name.flatMap((toName) => inputs.get(toName) ?? []),
      labels: [...controlLabels.keys()],
      labels_attrs: Object.fromEntries(controlLabels),
    };
  }
  return parsed;
}

function describeControl(
  element: XmlElement,
  indexVariables: string[],
): Omit<ParsedControl, 'inputs' | 'labels' | 'labels_attrs'> {
  const attributes = element.attributes;
  const control: Omit<ParsedControl, 'inputs' | 'labels' | 'labels_attrs'> = {
    type: element.tag,
    to_name: attributes.toName!.split(','),
  };
  // Repeater: a toName that contains an indexFlag such as {{idx}} matches any index.
  for (const variable of indexVariables) {
    for (const toName of control.to_name) {
      if (toName.includes(variable)) control.regex = { ...control.regex, [variable]: '.*' };
    }
  }
  if (attributes.perRegion === 'true') {
    if (attributes.whenTagName) control.conditionals = { type: 'tag', name: attributes.whenTagName };
    else if (attributes.whenLabelValue) control.conditionals = { type: 'label', name: attributes.whenLabelValue };
    else if (attributes.whenChoiceValue) control.conditionals = { type: 'choice', name: attributes.whenChoiceValue };
  }
  if (DYNAMIC_LABELS_VALUE.test(attributes.value ?? '') || attributes.apiUrl) control.dynamic_labels = true;
  return control;
}
