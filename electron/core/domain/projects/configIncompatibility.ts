import {
  analyzeLabelConfig,
  extractDataTypes,
  parseXml,
  type ParsedLabelConfig,
} from '../../../../shared/label-config/index.js';
import { nullRecord } from '../nullRecord.js';

/** What a project's annotations and drafts already use (Label Studio's ProjectSummary fields). */
export interface LabelUsage {
  tasks: number;
  annotations: number;
  drafts: number;
  created_annotations: Record<string, number>;
  created_labels: Record<string, Record<string, number>>;
  created_labels_drafts: Record<string, Record<string, number>>;
}

/**
 * Label Studio's `Project.validate_config` after the syntax check: a new config must keep every
 * control, target and type that annotations use, and (strictly, for /validate) every label they
 * use. Returns Label Studio's message for the first problem, or null.
 */
export function findConfigIncompatibility(config: string, usage: LabelUsage, strict: boolean): string | null {
  if (usage.tasks === 0) return null;
  const root = parseXml(config);
  if (Object.keys(extractDataTypes(root)).length === 0) return null;
  if (usage.annotations === 0 && usage.drafts === 0) return null;
  const parsed = analyzeLabelConfig(config).parsed_label_config;
  if (Object.keys(parsed).length === 0) return null;
  return findRemovedControls(parsed, usage) ?? findRemovedLabels(parsed, usage, strict);
}

function findRemovedControls(parsed: ParsedLabelConfig, usage: LabelUsage): string | null {
  const fromConfig = new Set(
    Object.entries(parsed).map(
      ([name, control]) => `${name}|${control.to_name.join(',')}|${control.type.toLowerCase()}`,
    ),
  );
  const types = new Set(Object.values(parsed).map((control) => control.type.toLowerCase()));
  const problems: string[] = [];
  for (const [key, count] of Object.entries(usage.created_annotations)) {
    if (fromConfig.has(key)) continue;
    const [fromName = '', toName = '', type = ''] = key.split('|');
    // Tags that are their own target (ChatMessage) and free text (TextArea) are exempt, as in Label Studio.
    if ((fromName === toName && type.toLowerCase() === 'chatmessage') || type.toLowerCase() === 'textarea') continue;
    if (!matchesControl(parsed, fromName) || !matchesTarget(parsed, toName) || !types.has(type)) {
      problems.push(`${count} with from_name=${fromName}, to_name=${toName}, type=${type}`);
    }
  }
  if (problems.length === 0) return null;
  return `Created annotations are incompatible with provided labeling schema, we found:\n${problems.join('\n')}`;
}

function findRemovedLabels(parsed: ParsedLabelConfig, usage: LabelUsage, strict: boolean): string | null {
  const created = mergeLabelCounters(usage.created_labels, usage.created_labels_drafts);
  const hasVideoRectangle = Object.values(parsed).some((control) => control.type === 'VideoRectangle');
  for (const [controlName, labelsFromData] of Object.entries(created)) {
    const control = Object.hasOwn(parsed, controlName) ? parsed[controlName] : undefined;
    const hasLabels = Boolean(control && control.labels.length > 0);
    const isDynamic = Boolean(control?.dynamic_labels);
    const total = Object.values(labelsFromData).reduce((sum, count) => sum + count, 0);
    if (Object.keys(labelsFromData).length > 0 && !hasLabels && !isDynamic && !matchesControl(parsed, controlName)) {
      return `There are ${total} annotation(s) created with tag "${controlName}", you can't remove it`;
    }
    const allowed = new Set(parsed[originalControlName(parsed, controlName)]?.labels ?? []);
    // Label Studio's workaround: VideoRectangle has no labels of its own, so any config label counts.
    if (hasVideoRectangle)
      for (const other of Object.values(parsed)) other.labels.forEach((label) => allowed.add(label));
    const missing = Object.keys(labelsFromData).filter((label) => !allowed.has(label));
    if (missing.length === 0 || !strict || isDynamic) continue;
    const lines = missing.flatMap((label) => {
      const shown = [
        countText(usage.created_labels[controlName]?.[label] ?? 0, 'annotation'),
        countText(usage.created_labels_drafts[controlName]?.[label] ?? 0, 'draft'),
      ].filter(Boolean);
      return shown.length > 0 ? [`${label} (${shown.join(', ')})\n`] : [];
    });
    return `These labels still exist in annotations or drafts:\n${lines.join('')}Please add labels to tag with name="${controlName}".`;
  }
  return null;
}

function countText(count: number, noun: string): string | null {
  return count ? `${count} ${noun}${count > 1 ? 's' : ''}` : null;
}

function mergeLabelCounters(
  first: Record<string, Record<string, number>>,
  second: Record<string, Record<string, number>>,
): Record<string, Record<string, number>> {
  const merged = nullRecord<Record<string, number>>();
  for (const source of [first, second]) {
    for (const [control, labels] of Object.entries(source)) {
      const target = (merged[control] ??= nullRecord<number>());
      for (const [label, count] of Object.entries(labels)) target[label] = (target[label] ?? 0) + count;
    }
  }
  return merged;
}

/** Repeater names such as `choice_{{idx}}` match `choice_0`: Label Studio compares with regexes. */
function namePattern(name: string, regex: Record<string, string> | undefined): RegExp | null {
  let expression = name;
  for (const [variable, replacement] of Object.entries(regex ?? {}))
    expression = expression.replaceAll(variable, replacement);
  try {
    return new RegExp(`^(?:${expression})$`, 'u');
  } catch {
    return null;
  }
}

function matchesName(name: string, candidate: string, regex: Record<string, string> | undefined): boolean {
  return candidate === name || Boolean(namePattern(name, regex)?.test(candidate));
}

function matchesControl(parsed: ParsedLabelConfig, fromName: string): boolean {
  return Object.entries(parsed).some(([name, control]) => matchesName(name, fromName, control.regex));
}

function matchesTarget(parsed: ParsedLabelConfig, toName: string): boolean {
  return Object.values(parsed).some((control) =>
    control.to_name.some((target) => matchesName(target, toName, control.regex)),
  );
}

function originalControlName(parsed: ParsedLabelConfig, fromName: string): string {
  return Object.entries(parsed).find(([name, control]) => matchesName(name, fromName, control.regex))?.[0] ?? fromName;
}
