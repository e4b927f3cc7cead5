/*
 * What an `annotation_delete` outbox row must remember once the annotation and its mapping row
 * are gone (the mapping cascades with the annotation): the version both sides last agreed on, so
 * the push deletes only what the remote still holds unchanged, and the local id the create was
 * posted with as `import_id`, to find a create whose response never came back.
 * It is kept as JSON in the row's `base` column; only this file reads or writes that form.
 */

export interface DeleteRecord {
  /** The agreed result as JSON text (the push compares it canonically). */
  result: string;
  wasCancelled: boolean;
  /** The deleted local annotation's id, posted as `import_id` by its create. */
  importId: number;
}

export function encodeDeleteRecord(record: DeleteRecord): string {
  return JSON.stringify(record);
}

export function decodeDeleteRecord(text: string | null): DeleteRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DeleteRecord>;
    if (typeof value.result !== 'string' || typeof value.importId !== 'number') return null;
    return { result: value.result, wasCancelled: value.wasCancelled === true, importId: value.importId };
  } catch {
    return null;
  }
}
