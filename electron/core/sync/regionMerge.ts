import { canonicalJson } from './canonicalJson.js';

/*
 * Region-level three-way merge of one annotation, with no I/O. A Label Studio result is a list of
 * items; an item is one control's output for one region (a box and its labels, that box's
 * per-region text, a choice, a span) or a relation between two regions. Each item is a unit:
 * a unit changed (added, edited, removed) on one side only is taken from that side, the same
 * change on both sides is taken once, and different changes to one unit on both sides clash.
 * An edit against a removal clashes too, including an edit of one of a region's units (or a
 * relation to it) when the other side removed the region whole: a region's work is never dropped
 * or left dangling without being reported.
 *
 * Units are keyed by (id, from_name, to_name, type): a moved box and an edited per-region
 * TextArea of the same region are two units and merge. Items without an id (older imports) use
 * (from_name, to_name, type); relations, which have no id, use (from_id, to_id, type). Two items
 * with one key in one list (possible without ids) are told apart by their rank among them.
 */

export type ResultItem = Record<string, unknown>;

/** The parts of an annotation a merge decides. */
export interface MergeSide {
  result: readonly ResultItem[];
  wasCancelled: boolean;
  groundTruth: boolean;
}

export interface RegionClash {
  /** `item`: one result item changed differently on both sides; `skip`: a skip on one side, edits on the other. */
  kind: 'item' | 'skip';
  /** The unit's key (stable text), so the two sides of one clash can be matched. */
  unit: string;
  /** This side's value: the item (null: removed here) or, for a skip, the skip flag. */
  here: ResultItem | boolean | null;
  there: ResultItem | boolean | null;
}

export interface RegionMerge {
  /** The merge with the remote's value for every clashing unit (equal to `ours` when nothing clashes). */
  theirs: MergeSide;
  /** The merge with this side's value for every clashing unit. */
  ours: MergeSide;
  clashes: RegionClash[];
  /** Units changed on one side (or the same way on both) and taken into the merge without a clash. */
  merged: number;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function baseKeyOf(item: ResultItem): string {
  if (item.type === 'relation') return JSON.stringify(['relation', text(item.from_id), text(item.to_id)]);
  return JSON.stringify([text(item.id) ?? null, text(item.from_name), text(item.to_name), text(item.type)]);
}

/** The items of a result by unit key, in list order. Null when the result is not a list of objects. */
function unitsOf(result: unknown): Map<string, ResultItem> | null {
  if (!Array.isArray(result)) return null;
  const units = new Map<string, ResultItem>();
  const seen = new Map<string, number>();
  for (const item of result as unknown[]) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
    const base = baseKeyOf(item as ResultItem);
    const rank = seen.get(base) ?? 0;
    seen.set(base, rank + 1);
    units.set(rank === 0 ? base : `${base}#${rank}`, item as ResultItem);
  }
  return units;
}

function same(a: ResultItem | undefined, b: ResultItem | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalJson(a) === canonicalJson(b);
}

function threeWayFlag(base: boolean, local: boolean, remote: boolean): boolean {
  return local === base ? remote : local;
}

/** The regions an item belongs to: its own id, or for a relation the two it joins. */
function regionsOf(item: ResultItem | undefined): string[] {
  if (!item) return [];
  const ids = item.type === 'relation' ? [text(item.from_id), text(item.to_id)] : [text(item.id)];
  return ids.filter((id): id is string => id !== undefined);
}

/** Regions of the base that a side removed whole (no item of it is left there). */
function removedRegions(base: Map<string, ResultItem>, side: Map<string, ResultItem>): Set<string> {
  const ownIds = (items: Map<string, ResultItem>) =>
    [...items.values()].filter((item) => item.type !== 'relation').flatMap(regionsOf);
  const kept = new Set(ownIds(side));
  return new Set(ownIds(base).filter((id) => !kept.has(id)));
}

/** Base order first, then the units new here in this side's order, then those new there. */
function unitOrder(base: Map<string, ResultItem>, local: Map<string, ResultItem>, remote: Map<string, ResultItem>) {
  const order = [...base.keys()];
  const placed = new Set(order);
  for (const key of [...local.keys(), ...remote.keys()]) {
    if (placed.has(key)) continue;
    placed.add(key);
    order.push(key);
  }
  return order;
}

/**
 * Merges `local` and `remote`, both changed since `base`. Returns null when a result is not a
 * list of items (nothing to merge by region: the caller treats the versions whole).
 */
export function mergeRegions(
  base: { result: unknown; wasCancelled: boolean; groundTruth: boolean },
  local: { result: unknown; wasCancelled: boolean; groundTruth: boolean },
  remote: { result: unknown; wasCancelled: boolean; groundTruth: boolean },
): RegionMerge | null {
  const baseUnits = unitsOf(base.result);
  const localUnits = unitsOf(local.result);
  const remoteUnits = unitsOf(remote.result);
  if (!baseUnits || !localUnits || !remoteUnits) return null;

  const ours: ResultItem[] = [];
  const theirs: ResultItem[] = [];
  const clashes: RegionClash[] = [];
  let merged = 0;
  let localEdited = false;
  let remoteEdited = false;
  const removedHere = removedRegions(baseUnits, localUnits);
  const removedThere = removedRegions(baseUnits, remoteUnits);
  for (const unit of unitOrder(baseUnits, localUnits, remoteUnits)) {
    const was = baseUnits.get(unit);
    const here = localUnits.get(unit);
    const there = remoteUnits.get(unit);
    localEdited ||= !same(was, here);
    remoteEdited ||= !same(was, there);
    // A unit added or edited on one side for a region the other side removed whole (a per-region
    // text, a relation to it) would be left pointing at nothing: that is an edit against a removal.
    const orphaned =
      (same(was, here) && !same(was, there) && regionsOf(there).some((id) => removedHere.has(id))) ||
      (same(was, there) && !same(was, here) && regionsOf(here).some((id) => removedThere.has(id)));
    if (!orphaned && (same(here, there) || same(was, here) || same(was, there))) {
      const taken = same(was, here) ? there : here;
      if (!same(was, taken)) merged += 1;
      if (taken) {
        ours.push(taken);
        theirs.push(taken);
      }
      continue;
    }
    clashes.push({ kind: 'item', unit, here: here ?? null, there: there ?? null });
    if (here) ours.push(here);
    if (there) theirs.push(there);
  }

  // A skip set or cleared on one side while the other side edited the result: neither is dropped.
  const localSkipped = local.wasCancelled !== base.wasCancelled;
  const remoteSkipped = remote.wasCancelled !== base.wasCancelled;
  const skipClash = (localSkipped && !remoteSkipped && remoteEdited) || (remoteSkipped && !localSkipped && localEdited);
  const wasCancelled = threeWayFlag(base.wasCancelled, local.wasCancelled, remote.wasCancelled);
  if (skipClash)
    clashes.push({ kind: 'skip', unit: 'was_cancelled', here: local.wasCancelled, there: remote.wasCancelled });
  const groundTruth = threeWayFlag(base.groundTruth, local.groundTruth, remote.groundTruth);
  return {
    ours: { result: ours, wasCancelled: skipClash ? local.wasCancelled : wasCancelled, groundTruth },
    theirs: { result: theirs, wasCancelled: skipClash ? remote.wasCancelled : wasCancelled, groundTruth },
    clashes,
    merged,
  };
}
