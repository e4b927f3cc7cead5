/**
 * A storage form from Label Studio's layout (`GET /api/storages/<type>/form`): its rows, the
 * values it starts with, what is missing or malformed, and the fields it sends. Pure, for unit
 * tests; StorageFormFields.tsx draws it.
 */
import type { Storage, StorageFields, StorageFormField, StorageFormRow } from '../../api/storages';

export interface FormRow {
  /** How many columns the row asks for (the page may wrap them on a narrow window). */
  columns: number;
  /** Null is an empty cell: Label Studio uses one to start the next fields on a new line. */
  fields: (StorageFormField | null)[];
}

/** Text and password inputs hold strings, toggles booleans; selects and counters their text. */
export type FormValues = Record<string, string | boolean>;

export type FormProblems = Record<string, string>;

/** Text fields the server reads as integers: an empty one is left out rather than sent as "". */
const INTEGER_TEXT_FIELDS = new Set(['db']);

const isField = (field: StorageFormField | null | undefined): field is StorageFormField =>
  typeof field === 'object' && field !== null && typeof field.name === 'string' && typeof field.type === 'string';

/**
 * The layout's rows, a row of columns read as one row of their fields. Gaps stay where they
 * place the next field, not at the end of a row.
 */
export function layoutRows(layout: readonly StorageFormRow[]): FormRow[] {
  return layout
    .map((row) => {
      const cells = row.columns
        ? row.columns.flatMap((column) => (column.fields ?? []).filter(isField))
        : (row.fields ?? []).map((field) => (isField(field) ? field : null));
      while (cells.length > 0 && cells.at(-1) === null) cells.pop();
      const columns = Math.max(1, Math.min(row.columnCount ?? row.columns?.length ?? 1, 3));
      return { columns, fields: cells };
    })
    .filter((row) => row.fields.some(isField));
}

export function layoutFields(layout: readonly StorageFormRow[]): StorageFormField[] {
  return layoutRows(layout).flatMap((row) => row.fields.filter(isField));
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The form's starting values: a storage's own (its secrets left empty), or the layout's defaults. */
export function initialFormValues(fields: readonly StorageFormField[], storage: Storage | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    // The layout names the type's own fields, which the union of every type does not index by text.
    const saved = (storage as Record<string, unknown> | null)?.[field.name];
    switch (field.type) {
      case 'password':
        values[field.name] = '';
        break;
      case 'toggle':
        values[field.name] = Boolean(storage && saved !== null && saved !== undefined ? saved : (field.value ?? false));
        break;
      case 'select': {
        const chosen = storage ? saved : field.options?.[0]?.value;
        values[field.name] = chosen === undefined || chosen === null ? '' : String(chosen);
        break;
      }
      case 'counter':
        values[field.name] = textOf(storage ? (saved ?? field.value) : (field.value ?? field.min));
        break;
      default:
        values[field.name] = textOf(saved);
    }
  }
  return values;
}

function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch {
    try {
      // The server reads a filter in Unicode mode when it can, else as plain JavaScript.
      new RegExp(pattern);
      return undefined;
    } catch (error) {
      return `Not a valid regular expression: ${(error as Error).message}`;
    }
  }
}

function jsonProblem(value: string): string | undefined {
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return 'Paste the whole credentials file: this is not valid JSON.';
  }
}

/**
 * What stops the form from being sent: required fields left empty, a filter that is not a regular
 * expression, credentials that are not JSON. `skip` leaves fields out (the name is not needed
 * to check a connection).
 */
export function formProblems(
  fields: readonly StorageFormField[],
  values: FormValues,
  skip: readonly string[] = [],
): FormProblems {
  const problems: FormProblems = {};
  for (const field of fields) {
    if (skip.includes(field.name)) continue;
    const value = values[field.name];
    const typed = typeof value === 'string' ? value.trim() : '';
    const label = field.label?.trim() || field.name;
    if (field.required && field.type !== 'toggle' && field.type !== 'password' && typed === '') {
      problems[field.name] =
        field.type === 'select' ? `Choose the ${label.toLowerCase()}.` : `Enter the ${label.toLowerCase()}.`;
      continue;
    }
    if (typed === '') continue;
    const checks = Array.isArray(field.validators) ? field.validators : [];
    const problem = checks.includes('regexp')
      ? regexProblem(typed)
      : checks.includes('json')
        ? jsonProblem(typed)
        : field.type === 'counter' && !Number.isFinite(Number(typed))
          ? 'Enter a number.'
          : undefined;
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/**
 * The fields a request sends. Empty secrets are left out, so the server keeps the stored ones;
 * select values go back as the layout typed them (`use_blob_urls` is a boolean).
 */
export function formRequestFields(fields: readonly StorageFormField[], values: FormValues): StorageFields {
  const out: StorageFields = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'toggle') {
      out[field.name] = value === true;
      continue;
    }
    const typed = typeof value === 'string' ? (field.type === 'password' ? value : value.trim()) : '';
    if (field.type === 'password') {
      if (typed !== '') out[field.name] = typed;
    } else if (field.type === 'select') {
      const option = field.options?.find((item) => String(item.value) === typed);
      if (option) out[field.name] = option.value;
    } else if (field.type === 'counter') {
      if (typed !== '') out[field.name] = Number(typed);
    } else if (!(INTEGER_TEXT_FIELDS.has(field.name) && typed === '')) {
      out[field.name] = typed;
    }
  }
  return out;
}

/** Whether a field applies: one that depends on a toggle only while the toggle is on. */
export function isFieldActive(field: StorageFormField, values: FormValues): boolean {
  return !field.dependency || values[field.dependency] !== false;
}

/** The text under a field: Label Studio puts it in a description, a tooltip or a footer. */
export function fieldHint(field: StorageFormField): string | undefined {
  return field.description ?? field.footer ?? field.tooltip ?? undefined;
}
