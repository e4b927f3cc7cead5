/*
 * What an `annotation_delete` outbox row must remember once the annotation and its mapping row
 * are gone (the mapping cascades with the annotation): the version both sides last agreed on, so
 * the push deletes only what the remote still holds unchanged, and the local id the create was
 * posted with as `import_id`, to find a create whose response never came back; and, when an
 * update was sent and never answered, the local version it may have written there.
 * It is kept as JSON in the row's `base` column; only this file reads or writes that form.
 */

export interface DeleteRecord {
  /** The agreed result as JSON text (the push compares it canonically). */
  result: string;
  wasCancelled: boolean;
  /** The agreed ground-truth mark; absent in records written before it was part of the version. */
  groundTruth?: boolean;
  /** The deleted local annotation's id, posted as `import_id` by its create. */
  importId: number;
  /** Our version an unanswered PATCH may have left on the remote: deleting over it loses nothing. */
  sent?: { result: string; wasCancelled: boolean; groundTruth?: boolean };
}

export function encodeDeleteRecord(record: DeleteRecord): string {
  return JSON.stringify(record);
}

function flag(value: { groundTruth?: unknown }): boolean | undefined {
  return typeof value.groundTruth === 'boolean' ? value.groundTruth : undefined;
}

export function decodeDeleteRecord(text: string | null): DeleteRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DeleteRecord>;
    if (typeof value.result !== 'string' || typeof value.importId !== 'number') return null;
    const sent =
      value.sent && typeof value.sent.result === 'string'
        ? { result: value.sent.result, wasCancelled: value.sent.wasCancelled === true, groundTruth: flag(value.sent) }
        : undefined;
    const { result, importId } = value;
    return { result, wasCancelled: value.wasCancelled === true, groundTruth: flag(value), importId, sent };
  } catch {
    return null;
  }
}
