import { isErrorEnvelope } from '../../../shared/api/errors';

/** One problem the server found, for one item of the import when it names one. */
export interface ImportProblem {
  /** "Item 3" (1-based, as a person counts), a field name, or null for the import as a whole. */
  label: string | null;
  message: string;
  /** The item as the server printed it (a Python repr), when it did. */
  item: string | null;
}

export interface ImportErrorReport {
  headline: string;
  problems: ImportProblem[];
  /** Label Studio lists at most 100 items: more may fail than are listed. */
  mayBeTruncated: boolean;
}

const ITEM_ERROR = /^Error at item (\d+): ([\s\S]*?)(?:\s+::\s+([\s\S]*))?$/;
/** Label Studio's hint on how it read the item; true but noise to someone fixing their data. */
const ASSUMPTION = /\s*\[assume: [^\]]*\]\s*$/;

function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function itemProblem(text: string): ImportProblem {
  const match = ITEM_ERROR.exec(text);
  if (!match) return { label: null, message: text, item: null };
  return {
    label: `Item ${Number(match[1]) + 1}`,
    message: match[2]!.replace(ASSUMPTION, '').trim(),
    item: match[3]?.trim() || null,
  };
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  // `{}` marks an item that passed; other objects are nested field errors.
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => messagesOf(inner).map((text) => `${key}: ${text}`));
  }
  return [];
}

/**
 * An import refusal as a list a person can work through: Label Studio's envelope carries one
 * entry per processed item in `validation_errors.non_field_errors` (a message for each failing
 * item, `{}` for each good one), other fields' messages, or just a `detail`.
 */
export function describeImportError(status: number, body: unknown, fallback: string): ImportErrorReport {
  if (!isErrorEnvelope(body)) {
    return { headline: fallback, problems: [], mayBeTruncated: false };
  }
  const problems: ImportProblem[] = [];
  let itemEntries = 0;
  for (const [field, errors] of Object.entries(body.validation_errors ?? {})) {
    if (field === 'non_field_errors' && Array.isArray(errors)) itemEntries = errors.length;
    for (const message of messagesOf(errors)) {
      problems.push(
        field === 'non_field_errors' ? itemProblem(message) : { label: fieldLabel(field), message, item: null },
      );
    }
  }
  const failing = problems.filter((problem) => problem.label?.startsWith('Item ')).length;
  let headline: string;
  if (failing > 0) {
    headline = `Nothing was imported: ${failing === 1 ? '1 item has a problem' : `${failing} items have problems`}.`;
  } else if (problems.length > 0) {
    headline = 'Nothing was imported.';
  } else {
    headline = body.detail || `The server answered with status ${status}.`;
  }
  return { headline, problems, mayBeTruncated: itemEntries >= 100 };
}
