/*
 * Three-way resolution of one annotation between this Outpost and a remote, with no I/O. `base`
 * is the version both sides last agreed on (null: never synced), `local` and `remote` are the
 * versions now (null: absent, i.e. deleted or never there). The rule: nothing an annotator
 * submitted is dropped silently. A deletion is not work, an edit is: an edit beats a deletion,
 * and two different edits are both kept, the remote one as the mirror, the local one beside it.
 */

export interface AnnotationVersion {
  /** The result as canonical JSON text, so equal results compare equal. */
  result: string;
  wasCancelled: boolean;
  /**
   * The ground-truth mark. Part of the version: a lead marking an annotation nobody edited is a
   * change to carry to the other side like any edit, and two different changes are a conflict.
   */
  groundTruth: boolean;
}

export type SyncAction =
  /** Both sides agree (unchanged, or changed the same way): only the base moves. */
  | { kind: 'none' }
  /** Only the remote changed (or it is new there): the mirror takes the remote version. */
  | { kind: 'take_remote' }
  /** Only this side changed (or it is new here): push it. */
  | { kind: 'push_local' }
  /** The remote deleted it and nobody changed it here: delete the mirror. */
  | { kind: 'delete_local' }
  /** It was deleted here and the remote did not change it: delete it there. */
  | { kind: 'delete_remote' }
  /** Deleted here, edited there: the edit wins; the mirror comes back. Reported. */
  | { kind: 'restore_from_remote'; conflict: 'deleted_here_edited_there' }
  /** Edited here, deleted there: the local work is pushed again as a new annotation. Reported. */
  | { kind: 'push_as_new'; conflict: 'edited_here_deleted_there' }
  /** Edited differently on both sides: the remote version becomes the mirror, the local one is kept as its own annotation. */
  | { kind: 'keep_both'; conflict: 'edited_on_both_sides' };

export function sameVersion(a: AnnotationVersion | null, b: AnnotationVersion | null): boolean {
  if (a === null || b === null) return a === b;
  return a.result === b.result && a.wasCancelled === b.wasCancelled && a.groundTruth === b.groundTruth;
}

export function resolveAnnotationSync(
  base: AnnotationVersion | null,
  local: AnnotationVersion | null,
  remote: AnnotationVersion | null,
): SyncAction {
  if (sameVersion(local, remote)) return { kind: 'none' };
  const localChanged = !sameVersion(base, local);
  const remoteChanged = !sameVersion(base, remote);
  if (!localChanged) return remote === null ? { kind: 'delete_local' } : { kind: 'take_remote' };
  if (!remoteChanged) return local === null ? { kind: 'delete_remote' } : { kind: 'push_local' };
  // Both changed, and differently.
  if (local === null) return { kind: 'restore_from_remote', conflict: 'deleted_here_edited_there' };
  if (remote === null) return { kind: 'push_as_new', conflict: 'edited_here_deleted_there' };
  return { kind: 'keep_both', conflict: 'edited_on_both_sides' };
}

/** Canonical JSON: object keys sorted, so results that differ only in key order compare equal. */
export function canonicalJson(value: unknown): string {
  // Written out rather than a JSON.stringify replacer, which rebuilt every object sorted: a pull
  // runs this on every annotation it stores. The output is JSON.stringify's, keys sorted by code unit.
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${members.join(',')}}`;
}
