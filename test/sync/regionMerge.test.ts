import { describe, expect, it } from 'vitest';
import { canonicalJson, resolveByRegion, type AnnotationVersion } from '../../electron/core/sync/conflict.js';
import { baseResult, editSide, seededRandom, unitOf, type Item, type SideEdit } from './regionMergeEdits.js';

/*
 * The region merge over 1,000 seeded pairs of concurrent edits of one annotation. Each pair edits
 * a random set of units on each side (and may add regions); whether the sides share a unit decides
 * what must happen: no shared unit merges with no conflict; a shared unit changed differently is
 * a conflict naming it. Either way no edit is lost: each side's value of every unit it changed is
 * in the mirror (the merge) or in the local version kept beside it.
 */

const version = (result: readonly Item[], wasCancelled = false): AnnotationVersion => ({
  result: canonicalJson(result),
  wasCancelled,
  groundTruth: false,
});

const itemsOf = (held: AnnotationVersion) =>
  new Map((JSON.parse(held.result) as Item[]).map((item) => [unitOf(item), item]));

function holds(held: AnnotationVersion, unit: string, value: Item | null): boolean {
  const item = itemsOf(held).get(unit);
  return value === null ? item === undefined : item !== undefined && canonicalJson(item) === canonicalJson(value);
}

function pickUnits(units: readonly string[], random: () => number, share: number): Set<string> {
  return new Set(units.filter(() => random() < share));
}

interface Pair {
  base: Item[];
  local: SideEdit;
  remote: SideEdit;
}

function generatePair(seed: number): Pair {
  const random = seededRandom(seed);
  const base = baseResult(random);
  const units = base.map(unitOf);
  const localUnits = pickUnits(units, random, 0.3);
  // Half the pairs keep the sides apart; the other half may touch the same units.
  const apart = seed % 2 === 0;
  const remoteUnits = pickUnits(
    units.filter((unit) => !apart || !localUnits.has(unit)),
    random,
    0.3,
  );
  const local = editSide(base, localUnits, Math.floor(random() * 2), random, 'here');
  const remote = editSide(base, remoteUnits, Math.floor(random() * 2), random, 'there');
  // Each side changes something, so the pair really is concurrent.
  if (local.changed.size === 0) return generatePair(seed + 100_000);
  if (remote.changed.size === 0) return generatePair(seed + 200_000);
  return { base, local, remote };
}

const PAIRS = Array.from({ length: 1000 }, (_, seed) => generatePair(seed + 1));

/** Region ids an item points at: its own, or a relation's two ends. */
const regionsOf = (item: Item | null | undefined): string[] =>
  !item ? [] : item.type === 'relation' ? [String(item.from_id), String(item.to_id)] : [String(item.id ?? '')];

/** Regions of the base with no item left on a side: removed whole there. */
function removedWhole(base: readonly Item[], side: SideEdit): Set<string> {
  const own = (items: readonly Item[]) => items.filter((item) => item.type !== 'relation').flatMap(regionsOf);
  const kept = new Set(own(side.result));
  return new Set(own(base).filter((id) => !kept.has(id)));
}

/**
 * The units that must clash: changed differently on both sides, or changed on one side for a
 * region the other removed whole (a relation to it would point at nothing).
 */
function clashingUnits({ base, local, remote }: Pair): string[] {
  const removedHere = removedWhole(base, local);
  const removedThere = removedWhole(base, remote);
  const units = new Set([...local.changed.keys(), ...remote.changed.keys()]);
  return [...units].filter((unit) => {
    const here = local.changed.get(unit);
    const there = remote.changed.get(unit);
    if (here !== undefined && there !== undefined) return canonicalJson(here) !== canonicalJson(there);
    if (here === undefined) return regionsOf(there).some((id) => removedHere.has(id));
    return regionsOf(here).some((id) => removedThere.has(id));
  });
}

describe('region merge over 1,000 seeded pairs of concurrent edits', () => {
  it('generates both kinds of pair, with every control type edited', () => {
    const clashing = PAIRS.filter((pair) => clashingUnits(pair).length > 0).length;
    expect(clashing).toBeGreaterThan(100);
    // Some clash only because one side removed a region whole that the other side's edit points at.
    const dangling = PAIRS.filter((pair) =>
      clashingUnits(pair).some((unit) => !pair.local.changed.has(unit) || !pair.remote.changed.has(unit)),
    ).length;
    expect(dangling).toBeGreaterThan(10);
    expect(PAIRS.length - clashing).toBeGreaterThan(400);
    const editedTypes = new Set(
      PAIRS.flatMap((pair) =>
        [...pair.local.changed.keys(), ...pair.remote.changed.keys()].map((unit) => unit.split('|')[2] ?? 'relation'),
      ),
    );
    expect([...editedTypes].sort()).toEqual(['choices', 'labels', 'rectanglelabels', 'relation', 'textarea']);
  });

  it('merges pairs touching different units with no conflict, holding both sides’ edits', () => {
    let checked = 0;
    for (const pair of PAIRS) {
      if (clashingUnits(pair).length > 0) continue;
      const action = resolveByRegion(version(pair.base), version(pair.local.result), version(pair.remote.result));
      const label = JSON.stringify(pair);
      expect(['merge', 'take_remote'], label).toContain(action.kind);
      const merged = action.kind === 'merge' ? action.merged : version(pair.remote.result);
      for (const side of [pair.local, pair.remote]) {
        for (const [unit, value] of side.changed) expect(holds(merged, unit, value), `${unit} in ${label}`).toBe(true);
      }
      // Units neither side touched stay as they were.
      for (const item of pair.base) {
        const unit = unitOf(item);
        if (!pair.local.changed.has(unit) && !pair.remote.changed.has(unit))
          expect(holds(merged, unit, item), label).toBe(true);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('reports every unit changed differently on both sides, and loses no edit', () => {
    let checked = 0;
    for (const pair of PAIRS) {
      const clashing = clashingUnits(pair);
      if (clashing.length === 0) continue;
      const action = resolveByRegion(version(pair.base), version(pair.local.result), version(pair.remote.result));
      const label = JSON.stringify(pair);
      if (action.kind !== 'keep_both' || !action.regions) throw new Error(`expected a region conflict: ${label}`);
      const { regions } = action;
      expect(regions.clashes.map((clash) => unitOf((clash.there ?? clash.here) as Item)).sort(), label).toEqual(
        [...clashing].sort(),
      );
      // The mirror has their value of each clashing unit, the kept version ours; both have every other edit.
      for (const [unit, value] of pair.remote.changed) expect(holds(regions.theirs, unit, value), label).toBe(true);
      for (const [unit, value] of pair.local.changed) expect(holds(regions.ours, unit, value), label).toBe(true);
      for (const [unit, value] of pair.local.changed) {
        if (!clashing.includes(unit)) expect(holds(regions.theirs, unit, value), label).toBe(true);
      }
      for (const [unit, value] of pair.remote.changed) {
        if (!clashing.includes(unit)) expect(holds(regions.ours, unit, value), label).toBe(true);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('region merge: the rules written out', () => {
  const base = [
    {
      id: 'r1',
      from_name: 'label',
      to_name: 'image',
      type: 'rectanglelabels',
      value: { x: 1, rectanglelabels: ['Car'] },
    },
    { id: 'r1', from_name: 'note', to_name: 'image', type: 'textarea', value: { x: 1, text: ['first'] } },
  ];
  const moved = [{ ...base[0]!, value: { x: 9, rectanglelabels: ['Car'] } }, base[1]!];
  const noted = [base[0]!, { ...base[1]!, value: { x: 1, text: ['second'] } }];

  it('merges a moved box with an edit of the same region’s per-region text', () => {
    const action = resolveByRegion(version(base), version(moved), version(noted));
    expect(action).toEqual({ kind: 'merge', merged: version([moved[0]!, noted[1]!]) });
  });

  it('keeps the order of the base, then additions here, then additions there', () => {
    const here = { id: 'h', from_name: 'label', to_name: 'image', type: 'rectanglelabels', value: { x: 5 } };
    const there = { id: 't', from_name: 'label', to_name: 'image', type: 'rectanglelabels', value: { x: 6 } };
    const action = resolveByRegion(version(base), version([here, ...base]), version([there, ...base]));
    expect(action).toEqual({ kind: 'merge', merged: version([...base, here, there]) });
  });

  it('reports a region removed on one side and edited on the other', () => {
    const action = resolveByRegion(version(base), version([base[1]!]), version(moved));
    expect(action.kind).toBe('keep_both');
    if (action.kind !== 'keep_both') return;
    expect(action.regions?.clashes).toEqual([
      { kind: 'item', unit: expect.any(String) as string, here: null, there: moved[0] },
    ]);
    expect(action.regions?.merged).toBe(0);
  });

  it('reports a skip on one side against a result edit on the other', () => {
    const action = resolveByRegion(version(base), version(base, true), version(moved));
    expect(action.kind).toBe('keep_both');
    if (action.kind !== 'keep_both') return;
    expect(action.regions?.clashes).toEqual([{ kind: 'skip', unit: 'was_cancelled', here: true, there: false }]);
    // The remote's move merged into both: only the skip is in question.
    expect(action.regions?.ours).toEqual(version(moved, true));
    expect(action.regions?.theirs).toEqual(version(moved, false));
  });

  it('merges a ground-truth mark on one side with a result edit on the other', () => {
    const marked = { ...version(base), groundTruth: true };
    expect(resolveByRegion(version(base), marked, version(moved))).toEqual({
      kind: 'merge',
      merged: { ...version(moved), groundTruth: true },
    });
  });

  it('reports a relation added to a region the other side removed whole', () => {
    const relation = { from_id: 'r1', to_id: 'r2', type: 'relation', labels: [] as string[] };
    const other = { ...base[0]!, id: 'r2' };
    const action = resolveByRegion(version([...base, other]), version([other]), version([...base, other, relation]));
    expect(action.kind).toBe('keep_both');
    if (action.kind !== 'keep_both') return;
    expect(action.regions?.clashes).toEqual([
      { kind: 'item', unit: expect.any(String) as string, here: null, there: relation },
    ]);
    // The removal of r1 merged into both: the mirror keeps the relation, the kept version does not.
    expect(action.regions?.theirs).toEqual(version([other, relation]));
    expect(action.regions?.ours).toEqual(version([other]));
  });

  it('keys relations by their two ends and items without ids by control', () => {
    const relation = { from_id: 'r1', to_id: 'r2', type: 'relation', labels: [] as string[] };
    const legacy = { from_name: 'legacy', to_name: 'image', type: 'choices', value: { choices: ['a'] } };
    const start = [relation, legacy];
    const here = [{ ...relation, labels: ['near'] }, legacy];
    const there = [relation, { ...legacy, value: { choices: ['b'] } }];
    expect(resolveByRegion(version(start), version(here), version(there))).toEqual({
      kind: 'merge',
      merged: version([here[0]!, there[1]!]),
    });
  });
});
