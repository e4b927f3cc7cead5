/*
 * Three-way resolution of one annotation between this Outpost and a remote, with no I/O. `base`
 * is the version both sides last agreed on (null: never synced), `local` and `remote` are the
 * versions now (null: absent, i.e. deleted or never there). The rule: nothing an annotator
 * submitted is dropped silently. A deletion is not work, an edit is: an edit beats a deletion,
 * and two different edits are both kept, the remote one as the mirror, the local one beside it.
 * `resolveByRegion` then merges two different edits region by region (regionMerge.ts).
 */

import { canonicalJson } from './canonicalJson.js';
import { mergeRegions, type MergeSide, type RegionClash } from './regionMerge.js';

export { canonicalJson };

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

/** Two edits that clash in some regions: both merges, and what clashed. */
export interface RegionConflict {
  /** The mirror: every unit merged, the remote's value where they clash. */
  theirs: AnnotationVersion;
  /** Kept beside it: every unit merged, this side's value where they clash. */
  ours: AnnotationVersion;
  clashes: RegionClash[];
  /** Units taken from one side without a clash. */
  merged: number;
}

export type RegionAction =
  | Exclude<SyncAction, { kind: 'keep_both' }>
  /** Both changed, in different regions: the merge becomes the mirror and is pushed over the remote version. */
  | { kind: 'merge'; merged: AnnotationVersion }
  /** Both changed the same regions differently; `regions` is null when the results could not be merged by region. */
  | { kind: 'keep_both'; conflict: 'edited_on_both_sides'; regions: RegionConflict | null };

function asVersion(side: MergeSide): AnnotationVersion {
  return { result: canonicalJson(side.result), wasCancelled: side.wasCancelled, groundTruth: side.groundTruth };
}

function parsed(version: AnnotationVersion) {
  return {
    result: JSON.parse(version.result) as unknown,
    wasCancelled: version.wasCancelled,
    groundTruth: version.groundTruth,
  };
}

/**
 * resolveAnnotationSync, then two different edits of an annotation both sides knew (a base) are
 * merged by region: no clash is a merge (or the remote version, when the merge is just that);
 * clashes stay a keep_both conflict whose two versions each carry every merged unit.
 */
export function resolveByRegion(
  base: AnnotationVersion | null,
  local: AnnotationVersion | null,
  remote: AnnotationVersion | null,
): RegionAction {
  const action = resolveAnnotationSync(base, local, remote);
  if (action.kind !== 'keep_both') return action;
  const outcome = base && local && remote ? mergeRegions(parsed(base), parsed(local), parsed(remote)) : null;
  if (!outcome) return { ...action, regions: null };
  const theirs = asVersion(outcome.theirs);
  if (outcome.clashes.length > 0) {
    return {
      ...action,
      regions: { theirs, ours: asVersion(outcome.ours), clashes: outcome.clashes, merged: outcome.merged },
    };
  }
  return sameVersion(theirs, remote) ? { kind: 'take_remote' } : { kind: 'merge', merged: theirs };
}
