import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  resolveAnnotationSync,
  type AnnotationVersion,
  type SyncAction,
} from '../../electron/core/sync/conflict.js';

const version = (label: string, wasCancelled = false): AnnotationVersion => ({
  result: canonicalJson([{ from_name: 'label', value: { choices: [label] } }]),
  wasCancelled,
  groundTruth: false,
});

/** The versions the table speaks of, by name; '-' is absent (deleted, or never there). */
const VERSIONS: Record<string, AnnotationVersion | null> = {
  '-': null,
  A: version('A'),
  B: version('B'),
  C: version('C'),
  'A skipped': version('A', true),
  // A's result with its keys in another order: canonical JSON makes it A.
  'A reordered': {
    result: canonicalJson([{ value: { choices: ['A'] }, from_name: 'label' }]),
    wasCancelled: false,
    groundTruth: false,
  },
};

const NONE: SyncAction = { kind: 'none' };
const TAKE_REMOTE: SyncAction = { kind: 'take_remote' };
const PUSH_LOCAL: SyncAction = { kind: 'push_local' };
const DELETE_LOCAL: SyncAction = { kind: 'delete_local' };
const DELETE_REMOTE: SyncAction = { kind: 'delete_remote' };
const RESTORE: SyncAction = { kind: 'restore_from_remote', conflict: 'deleted_here_edited_there' };
const PUSH_AS_NEW: SyncAction = { kind: 'push_as_new', conflict: 'edited_here_deleted_there' };
const KEEP_BOTH: SyncAction = { kind: 'keep_both', conflict: 'edited_on_both_sides' };

/*
 * Every case the rule tells apart, written out by hand: each pattern of absent and equal versions
 * among (base, local, remote), then skips (a skip differs from the same result submitted) and key
 * order (which must not count as a change).
 */
const TABLE: [base: string, local: string, remote: string, expected: SyncAction][] = [
  ['-', '-', '-', NONE],
  ['-', '-', 'A', TAKE_REMOTE], // new there
  ['-', 'A', '-', PUSH_LOCAL], // new here
  ['A', '-', '-', NONE], // deleted on both sides
  ['-', 'A', 'A', NONE], // made the same on both sides
  ['A', '-', 'A', DELETE_REMOTE],
  ['A', 'A', '-', DELETE_LOCAL],
  ['-', 'A', 'B', KEEP_BOTH], // new on both sides under one identity: neither is lost
  ['A', '-', 'B', RESTORE],
  ['A', 'B', '-', PUSH_AS_NEW],
  ['A', 'A', 'A', NONE],
  ['A', 'A', 'B', TAKE_REMOTE],
  ['A', 'B', 'A', PUSH_LOCAL],
  ['A', 'B', 'B', NONE], // the same edit on both sides
  ['A', 'B', 'C', KEEP_BOTH],
  ['A', 'A skipped', 'A', PUSH_LOCAL],
  ['A', 'A', 'A skipped', TAKE_REMOTE],
  ['A', 'A skipped', 'B', KEEP_BOTH],
  ['A skipped', 'A', 'A skipped', PUSH_LOCAL], // un-skipped here
  ['A', 'A skipped', 'A skipped', NONE],
  ['A', 'A reordered', 'B', TAKE_REMOTE],
  ['A reordered', 'A', 'A', NONE],
];

describe('resolveAnnotationSync(base, local, remote): the table', () => {
  it.each(TABLE)('base %s, local %s, remote %s', (base, local, remote, expected) => {
    expect(resolveAnnotationSync(VERSIONS[base]!, VERSIONS[local]!, VERSIONS[remote]!)).toEqual(expected);
  });
});

/*
 * The invariants, over every (base, local, remote) drawn from a pool of versions. What each
 * action does to the pair (the local mirror, the remote annotation) is its documented effect,
 * not the rule that picks it.
 */
type Version = AnnotationVersion | null;

const POOL: Version[] = [null, version('A'), version('B'), version('C'), version('A', true), version('B', true)];
const COMBINATIONS = POOL.flatMap((base) => POOL.flatMap((local) => POOL.map((remote) => ({ base, local, remote }))));

const same = (a: Version, b: Version) => JSON.stringify(a) === JSON.stringify(b);
const describeCase = ({ base, local, remote }: { base: Version; local: Version; remote: Version }) =>
  JSON.stringify({ base, local, remote });

/** After the action: what the mirror and the remote hold, and a local version kept beside them. */
function effectOf(action: SyncAction, local: Version, remote: Version) {
  switch (action.kind) {
    case 'none':
      return { mirror: local, remote, keptBeside: null };
    case 'take_remote':
    case 'restore_from_remote':
      return { mirror: remote, remote, keptBeside: null };
    case 'push_local':
    case 'push_as_new':
      return { mirror: local, remote: local, keptBeside: null };
    case 'delete_local':
      return { mirror: null, remote, keptBeside: null };
    case 'delete_remote':
      return { mirror: local, remote: null, keptBeside: null };
    case 'keep_both':
      return { mirror: remote, remote, keptBeside: local };
  }
}

const MIRRORED_KIND: Record<SyncAction['kind'], SyncAction['kind']> = {
  none: 'none',
  take_remote: 'push_local',
  push_local: 'take_remote',
  delete_local: 'delete_remote',
  delete_remote: 'delete_local',
  restore_from_remote: 'push_as_new',
  push_as_new: 'restore_from_remote',
  keep_both: 'keep_both',
};

describe(`resolveAnnotationSync: invariants over ${COMBINATIONS.length} combinations`, () => {
  const survives = (wanted: Version, effect: ReturnType<typeof effectOf>) =>
    [effect.mirror, effect.remote, effect.keptBeside].some((held) => same(held, wanted));

  it('never drops a local edit: a local version that differs from the base survives', () => {
    for (const combination of COMBINATIONS) {
      const { base, local, remote } = combination;
      if (local === null || same(local, base)) continue;
      const effect = effectOf(resolveAnnotationSync(base, local, remote), local, remote);
      expect(survives(local, effect), describeCase(combination)).toBe(true);
    }
  });

  it('never drops a remote edit: a remote version that differs from the base survives', () => {
    for (const combination of COMBINATIONS) {
      const { base, local, remote } = combination;
      if (remote === null || same(remote, base)) continue;
      const effect = effectOf(resolveAnnotationSync(base, local, remote), local, remote);
      expect(survives(remote, effect), describeCase(combination)).toBe(true);
    }
  });

  it('leaves the mirror equal to the remote, so the next sync has nothing to do', () => {
    for (const combination of COMBINATIONS) {
      const { base, local, remote } = combination;
      const effect = effectOf(resolveAnnotationSync(base, local, remote), local, remote);
      expect(same(effect.mirror, effect.remote), describeCase(combination)).toBe(true);
    }
  });

  it('does nothing when both sides already agree', () => {
    for (const combination of COMBINATIONS) {
      const { base, local, remote } = combination;
      if (!same(local, remote)) continue;
      expect(resolveAnnotationSync(base, local, remote), describeCase(combination)).toEqual(NONE);
    }
  });

  it('reports a conflict exactly when both sides changed, differently', () => {
    for (const combination of COMBINATIONS) {
      const { base, local, remote } = combination;
      const diverged = !same(local, base) && !same(remote, base) && !same(local, remote);
      expect('conflict' in resolveAnnotationSync(base, local, remote), describeCase(combination)).toBe(diverged);
    }
  });

  it('treats both sides alike: swapping local and remote mirrors the action', () => {
    for (const combination of COMBINATIONS) {
      const { base, local, remote } = combination;
      expect(resolveAnnotationSync(base, remote, local).kind, describeCase(combination)).toBe(
        MIRRORED_KIND[resolveAnnotationSync(base, local, remote).kind],
      );
    }
  });
});

describe('canonicalJson', () => {
  it("writes JSON.stringify's text with keys sorted by code unit", () => {
    const value = { b: [1, { z: 'x"y', a: -0 }], a: 1e21, é: null, A: true, u: undefined, n: [undefined] };
    expect(canonicalJson(value)).toBe('{"A":true,"a":1e+21,"b":[1,{"a":0,"z":"x\\"y"}],"n":[null],"é":null}');
    expect(canonicalJson('text')).toBe('"text"');
  });

  it('ignores key order at any depth, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
