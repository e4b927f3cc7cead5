import { isErrorEnvelope } from '../../../../shared/api/errors';
import { extensionOf } from './fileKinds';
import { extensionReason, type FileProblem } from './checkFilesBeforeUpload';
import { both, readableFileFailure, readableItemProblem, withOriginalNames } from './readableImportMessage';

/** One problem the server found: for some items of the import, a file, a field, or the import as a whole. */
export interface ImportProblem {
  /** "Item 3" or "Items 1–4, 7" (counted from 1, as a person counts), a file or field name, or null. */
  label: string | null;
  message: string;
  /** The item as the server printed it (a Python repr), only when no sentence could say what was wrong. */
  item: string | null;
}

export interface ImportErrorReport {
  headline: string;
  /** What to do about it, when the problems say (e.g. the data keys the labeling config reads). */
  hint: string | null;
  problems: ImportProblem[];
  /** Label Studio lists at most 100 items: more may fail than are listed. */
  mayBeTruncated: boolean;
}

const UNSUPPORTED_EXTENSION = /^\.(\S*) extension is not supported$/;
const ITEM_ERROR = /^Error at item (\d+): ([\s\S]*?)(?:\s+::\s+([\s\S]*))?$/;

function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
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

/** "Item 3", "Items 1–3, 5": item numbers from 1, runs of consecutive ones as ranges. */
function itemsLabel(numbers: number[]): string {
  const runs: string[] = [];
  for (let start = 0; start < numbers.length;) {
    let end = start;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end += 1;
    runs.push(end === start ? `${numbers[start]}` : `${numbers[start]}–${numbers[end]}`);
    start = end + 1;
  }
  return `${numbers.length === 1 ? 'Item' : 'Items'} ${runs.join(', ')}`;
}

interface ItemGroup {
  numbers: number[];
  message: string;
  item: string | null;
}

/** Files found unreadable before sending: every one of them, named. */
export function unreadableFilesReport(problems: readonly FileProblem[]): ImportErrorReport {
  return {
    headline: `Nothing was imported: ${both(problems.map((problem) => problem.file))} could not be read.`,
    hint: null,
    problems: problems.map((problem) => ({ label: problem.file, message: problem.reason, item: null })),
    mayBeTruncated: false,
  };
}

/**
 * An import refusal as a list a person can work through: Label Studio's envelope carries one
 * entry per processed item in `validation_errors.non_field_errors` (a message for each failing
 * item, `{}` for each good one), a file it could not read, other fields' messages, or a `detail`.
 * Items failing the same way are listed once, with their numbers.
 */
export function describeImportError(
  status: number,
  body: unknown,
  fallback: string,
  /** The names of the files sent, so a refusal about an extension can name them. */
  sentFiles: readonly string[] = [],
): ImportErrorReport {
  if (!isErrorEnvelope(body)) {
    return { headline: withOriginalNames(fallback), hint: null, problems: [], mayBeTruncated: false };
  }
  const problems: ImportProblem[] = [];
  const groups = new Map<string, ItemGroup>();
  const missingKeys = new Set<string>();
  const unreadable: string[] = [];
  let itemEntries = 0;
  let failingItems = 0;
  for (const [field, errors] of Object.entries(body.validation_errors ?? {})) {
    if (field === 'non_field_errors' && Array.isArray(errors)) itemEntries = errors.length;
    for (const text of messagesOf(errors)) {
      if (field !== 'non_field_errors') {
        problems.push({ label: fieldLabel(field), message: withOriginalNames(text), item: null });
        continue;
      }
      const file = readableFileFailure(text);
      if (file) {
        unreadable.push(file.file);
        problems.push({ label: file.file, message: file.reason, item: null });
        continue;
      }
      const extension = UNSUPPORTED_EXTENSION.exec(text)?.[1];
      if (extension !== undefined) {
        const named = sentFiles.filter((name) => extensionOf(name) === extension.toLowerCase());
        unreadable.push(...named);
        problems.push({
          label: named.length > 0 ? both(named) : null,
          message: extensionReason(extension),
          item: null,
        });
        continue;
      }
      const match = ITEM_ERROR.exec(text);
      if (!match) {
        problems.push({ label: null, message: withOriginalNames(text), item: null });
        continue;
      }
      failingItems += 1;
      const readable = readableItemProblem(match[2]!, match[3]?.trim() || null);
      if (readable.missingKey) missingKeys.add(readable.missingKey);
      const key = `${readable.message}\u0000${readable.item ?? ''}`;
      const group = groups.get(key) ?? { numbers: [], message: readable.message, item: readable.item };
      group.numbers.push(Number(match[1]) + 1);
      groups.set(key, group);
    }
  }
  const itemProblems = [...groups.values()].map((group) => ({
    label: itemsLabel(group.numbers),
    message: group.message,
    item: group.item,
  }));

  let headline: string;
  if (unreadable.length > 0) headline = `Nothing was imported: ${both(unreadable)} could not be read.`;
  else if (failingItems > 0) {
    headline = `Nothing was imported: ${failingItems === 1 ? '1 item has a problem' : `${failingItems} items have problems`}.`;
  } else if (problems.length > 0) headline = 'Nothing was imported.';
  else headline = withOriginalNames(body.detail) || `The server answered with status ${status}.`;
  const keys = [...missingKeys].map((key) => `"${key}"`);
  const hint =
    keys.length > 0
      ? `The labeling config reads ${both(keys)} from each task's data. Rename the matching key or CSV column in ` +
        'your data, or change the labeling config in the project settings.'
      : null;
  return { headline, hint, problems: [...itemProblems, ...problems], mayBeTruncated: itemEntries >= 100 };
}

/**
 * A `url=` import refused for its address (not parseable, not http(s), a local address, a host
 * that does not resolve, a failed download) rather than for what it held: the sentence to show
 * under the URL field, or null when the report belongs in the page's list.
 */
export function urlProblem(report: ImportErrorReport): string | null {
  if (report.problems.length === 0 || report.problems.some((problem) => problem.label !== null)) return null;
  return report.problems
    .map((problem) =>
      /^Failed to parse: /.test(problem.message)
        ? 'That is not a web address: enter one that starts with http:// or https://.'
        : problem.message,
    )
    .join(' ');
}
