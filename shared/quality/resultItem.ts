/*
 * The part of a Label Studio annotation result item the agreement measures read:
 * `{ id, from_name, to_name, type, value }`, plus the image size Label Studio stores beside image
 * regions. Values are read defensively: a result of the wrong shape counts as an empty answer.
 */
export interface ResultItem {
  id?: string;
  from_name?: string;
  to_name?: string;
  type: string;
  value?: Record<string, unknown>;
  original_width?: number;
  original_height?: number;
}

/** What the label config says about a control, where a measure needs it. */
export interface ControlOptions {
  /** Rating: the highest star (Label Studio's default is 5); ratings run from 1. */
  maxRating?: number;
  /** Number: the bounds the config allows, when it gives both. */
  min?: number;
  max?: number;
  /** DateTime: milliseconds apart at which agreement reaches 0; without it, dates must be equal. */
  dateToleranceMs?: number;
}

export function numberField(value: Record<string, unknown> | undefined, key: string): number | undefined {
  const field = value?.[key];
  return typeof field === 'number' && Number.isFinite(field) ? field : undefined;
}

export function stringListField(value: Record<string, unknown> | undefined, key: string): string[] {
  const field = value?.[key];
  return Array.isArray(field) ? field.filter((item): item is string => typeof item === 'string') : [];
}

/** The labels a region carries, whatever the key its type stores them under. */
export function regionLabels(result: ResultItem): string[] {
  return stringListField(result.value, result.type);
}

export function sameLabels(first: ReadonlyArray<string>, second: ReadonlyArray<string>): boolean {
  if (first.length !== second.length) return false;
  const set = new Set(first);
  return second.every((label) => set.has(label));
}

/** A result as the database stores it (JSON text); text that is not a list reads as no answer. */
export function parseStoredResult(text: string): ResultItem[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as ResultItem[]) : [];
  } catch {
    return [];
  }
}
