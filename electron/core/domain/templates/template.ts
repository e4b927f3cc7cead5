/** Gallery groups, in the order the project setup screen shows them. */
export const TEMPLATE_GROUPS = [
  'Computer Vision',
  'Natural Language Processing',
  'Audio & Speech',
  'Video',
  'Conversational AI',
  'Documents & Structured Data',
  'Time Series',
  'Ranking & Scoring',
] as const;

export type TemplateGroup = (typeof TEMPLATE_GROUPS)[number];

/**
 * One gallery entry, shaped like Label Studio's `GET /api/templates/` items (title, type, group,
 * image, details, config) plus Outpost's own `sample_data` (a task `data` object for the preview)
 * and `bundled_editor`: false when the config needs tags newer than the labeling editor Outpost
 * ships (Label Studio frontend 1.4.0), so it can only be labeled on a newer Label Studio server.
 */
export interface Template {
  title: string;
  type: 'community';
  group: TemplateGroup;
  image: string;
  details: string;
  config: string;
  sample_data: Record<string, unknown>;
  bundled_editor: boolean;
}

/** What a group file writes; listTemplates fills in the rest. */
export interface TemplateDraft {
  title: string;
  details: string;
  config: string;
  sample_data: Record<string, unknown>;
  /** Set when the config uses a tag (or a data path form) the bundled 1.4.0 editor lacks. */
  needsNewerEditor?: true;
}

/**
 * A tagged template for configs: strips the leading newline and the common indentation, so
 * configs read naturally in code and come out flush-left like Label Studio's own.
 */
export function xml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce(
    (result, part, index) => result + part + (index < values.length ? String(values[index]) : ''),
    '',
  );
  const lines = text.replace(/^\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length);
  const common = Math.min(...indents);
  return lines.map((line) => line.slice(common)).join('\n');
}
