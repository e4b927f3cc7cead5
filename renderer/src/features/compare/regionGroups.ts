import {
  brushMatches,
  keypointMatches,
  shapeMatches,
  spanMatches,
  type AgreementOptions,
  type MatchedPair,
  type ResultItem,
} from '../../../../shared/quality';

/*
 * Which regions of several annotations are the same region. Each pair of annotations is matched
 * with the agreement measures' own one-to-one matching (same labels, IoU or closeness, best
 * first), and regions linked through those matches form one group. A group holding exactly one
 * region of every annotation is one they all drew; any other group is a difference.
 */

export type RegionKind = 'spans' | 'shapes' | 'keypoints' | 'brush';

export interface RegionGroups {
  /** groupOf[annotation][region]: the region's group, numbered from 1 in reading order. */
  groupOf: number[][];
  /** Groups every annotation drew exactly once. */
  shared: ReadonlySet<number>;
}

function matchesOf(kind: RegionKind, first: ResultItem[], second: ResultItem[], options: AgreementOptions) {
  if (kind === 'shapes') return shapeMatches(first, second, options);
  if (kind === 'keypoints') return keypointMatches(first, second, options);
  if (kind === 'brush') return brushMatches(first, second, options);
  return spanMatches(first, second);
}

export function groupRegions(
  kind: RegionKind,
  regions: ReadonlyArray<ResultItem[]>,
  options: AgreementOptions = {},
): RegionGroups {
  // Union-find over (annotation, region), flattened to one index per region.
  const offsets: number[] = [];
  let total = 0;
  for (const list of regions) {
    offsets.push(total);
    total += list.length;
  }
  const parent = Array.from({ length: total }, (_, index) => index);
  const find = (node: number): number => {
    while (parent[node] !== node) {
      parent[node] = parent[parent[node]!]!;
      node = parent[node]!;
    }
    return node;
  };
  const join = (i: number, j: number, pairs: MatchedPair[]) => {
    for (const pair of pairs) {
      const [a, b] = [find(offsets[i]! + pair.first), find(offsets[j]! + pair.second)];
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  };
  for (let i = 0; i < regions.length; i++) {
    for (let j = i + 1; j < regions.length; j++) join(i, j, matchesOf(kind, regions[i]!, regions[j]!, options));
  }
  const numbers = new Map<number, number>();
  const members = new Map<number, number[]>();
  const groupOf = regions.map((list, annotation) =>
    list.map((_, region) => {
      const root = find(offsets[annotation]! + region);
      if (!numbers.has(root)) numbers.set(root, numbers.size + 1);
      const group = numbers.get(root)!;
      members.set(group, [...(members.get(group) ?? []), annotation]);
      return group;
    }),
  );
  const shared = new Set<number>();
  for (const [group, annotations] of members) {
    const isOncePerAnnotation = new Set(annotations).size === annotations.length;
    if (isOncePerAnnotation && annotations.length === regions.length) shared.add(group);
  }
  return { groupOf, shared };
}
