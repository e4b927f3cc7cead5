import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  resolveAnnotationSync,
  type AnnotationVersion,
  type SyncAction,
} from '../../electron/core/sync/conflict.js';

const version = (label: string, wasCancelled = false): AnnotationVersion => ({
  result: canonicalJson([{ value: { choices: [label] } }]),
  wasCancelled,
});

const A = version('A');
const B = version('B');
const C = version('C');
const SKIPPED = version('A', true);

/*
 * Every combination of base, local and remote drawn from {absent, A, B, C} (64 cases), checked
 * against the rule stated independently here: who changed what since the base.
 */
const VALUES: [string, AnnotationVersion | null][] = [
  ['absent', null],
  ['A', A],
  ['B', B],
  ['C', C],
];

function expected(base: string, local: string, remote: string): SyncAction['kind'] {
  if (local === remote) return 'none';
  const localChanged = local !== base;
  const remoteChanged = remote !== base;
  if (!localChanged) return remote === 'absent' ? 'delete_local' : 'take_remote';
  if (!remoteChanged) return local === 'absent' ? 'delete_remote' : 'push_local';
  if (local === 'absent') return 'restore_from_remote';
  if (remote === 'absent') return 'push_as_new';
  return 'keep_both';
}

describe('resolveAnnotationSync(base, local, remote)', () => {
  for (const [baseName, base] of VALUES) {
    for (const [localName, local] of VALUES) {
      for (const [remoteName, remote] of VALUES) {
        it(`base ${baseName}, local ${localName}, remote ${remoteName}`, () => {
          expect(resolveAnnotationSync(base, local, remote).kind).toBe(expected(baseName, localName, remoteName));
        });
      }
    }
  }

  it('names each conflict, and never returns an action that drops an edit', () => {
    expect(resolveAnnotationSync(A, B, C)).toEqual({ kind: 'keep_both', conflict: 'edited_on_both_sides' });
    expect(resolveAnnotationSync(A, null, B)).toEqual({
      kind: 'restore_from_remote',
      conflict: 'deleted_here_edited_there',
    });
    expect(resolveAnnotationSync(A, B, null)).toEqual({ kind: 'push_as_new', conflict: 'edited_here_deleted_there' });
    // New on both sides under one identity (cannot happen by id, but must not lose either).
    expect(resolveAnnotationSync(null, A, B).kind).toBe('keep_both');
  });

  it('treats a skip as a change of its own', () => {
    expect(resolveAnnotationSync(A, SKIPPED, A).kind).toBe('push_local');
    expect(resolveAnnotationSync(A, A, SKIPPED).kind).toBe('take_remote');
    expect(resolveAnnotationSync(A, SKIPPED, B).kind).toBe('keep_both');
  });
});

describe('canonicalJson', () => {
  it('ignores key order at any depth, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
