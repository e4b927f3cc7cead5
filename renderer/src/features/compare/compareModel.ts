import { controlKind, type AgreementOptions, type ResultItem } from '../../../../shared/quality';
import { groupRegions, type RegionKind } from './regionGroups';
import { answerItems, regionPlace, regionTitle } from './resultValues';

/*
 * The compare view's rows: one per control, with each annotation's answer in its column and what
 * not every annotation has marked. Classification answers compare item by item (a choice, a text,
 * a rating); regions compare through `groupRegions`, which uses the agreement measures' matching.
 * A classification answered per region is shown with the region's group number, so "#2: red" in
 * two columns is the same answer about the same region.
 */

export interface ValueItem {
  text: string;
  isShared: boolean;
}

export interface RegionItem {
  result: ResultItem;
  /** The region's group: the same number in two columns is the same region. */
  group: number;
  isShared: boolean;
  title: string;
  place: string;
}

type RegionRow =
  | { fromName: string; kind: 'regions'; regionKind: RegionKind; isAgreed: boolean; cells: RegionItem[][] }
  /** Anything no measure reads (relations, video...): listed, not compared. */
  | { fromName: string; kind: 'listed'; cells: RegionItem[][] };

export type ControlRow = { fromName: string; kind: 'values'; isAgreed: boolean; cells: ValueItem[][] } | RegionRow;

const REGION_KINDS = new Set(['spans', 'shapes', 'keypoints', 'brush']);

function isRegion(result: ResultItem): boolean {
  const kind = controlKind(result);
  return kind !== undefined && REGION_KINDS.has(kind);
}

function byControl(results: ReadonlyArray<ResultItem>, into: Map<string, ResultItem[]>[], index: number) {
  for (const result of results) {
    if (typeof result.from_name !== 'string' || typeof result.type !== 'string') continue;
    const list = into[index]!.get(result.from_name) ?? [];
    list.push(result);
    into[index]!.set(result.from_name, list);
  }
}

function controlNames(order: ReadonlyArray<string>, groups: ReadonlyArray<Map<string, ResultItem[]>>): string[] {
  const used = new Set(groups.flatMap((group) => [...group.keys()]));
  const names = order.filter((name) => used.has(name));
  for (const name of used) if (!names.includes(name)) names.push(name);
  return names;
}

function regionRow(fromName: string, lists: ResultItem[][], options: AgreementOptions): RegionRow {
  const first = lists.flat()[0]!;
  const kind = controlKind(first);
  const describe = (result: ResultItem, group: number, isShared: boolean): RegionItem => ({
    result,
    group,
    isShared,
    title: regionTitle(result),
    place: regionPlace(result),
  });
  if (kind === undefined || !REGION_KINDS.has(kind)) {
    let counter = 0;
    return { fromName, kind: 'listed', cells: lists.map((list) => list.map((r) => describe(r, ++counter, false))) };
  }
  const regionKind = kind as RegionKind;
  const { groupOf, shared } = groupRegions(regionKind, lists, options);
  const cells = lists.map((list, a) => list.map((r, i) => describe(r, groupOf[a]![i]!, shared.has(groupOf[a]![i]!))));
  const isAgreed = cells.every((cell) => cell.every((item) => item.isShared));
  return { fromName, kind: 'regions', regionKind, isAgreed, cells };
}

function valueRow(fromName: string, lists: ResultItem[][], groupLabel: (a: number, id: unknown) => string | null) {
  const texts = lists.map((list, a) =>
    list.flatMap((result) => {
      const label = groupLabel(a, result.id);
      return answerItems(result).map((item) => (label ? `${label}: ${item}` : item));
    }),
  );
  const sets = texts.map((list) => new Set(list));
  const cells = texts.map((list) => list.map((text) => ({ text, isShared: sets.every((set) => set.has(text)) })));
  const isAgreed = cells.every((cell) => cell.length > 0 && cell.every((item) => item.isShared));
  return { fromName, kind: 'values' as const, isAgreed, cells };
}

/** The rows for annotations given as their results, in column order; `controlOrder` is the config's. */
export function compareRows(
  annotations: ReadonlyArray<ReadonlyArray<ResultItem>>,
  controlOrder: ReadonlyArray<string>,
  options: AgreementOptions = {},
): ControlRow[] {
  const groups = annotations.map(() => new Map<string, ResultItem[]>());
  annotations.forEach((results, index) => byControl(results, groups, index));
  const names = controlNames(controlOrder, groups);
  const listsOf = (name: string) => groups.map((group) => group.get(name) ?? []);
  const regionNames = names.filter((name) => listsOf(name).flat().some(isRegion));
  const regionRows = new Map(regionNames.map((name) => [name, regionRow(name, listsOf(name), options)]));

  // Region id -> its group number, per annotation, for classifications answered per region.
  const groupById = annotations.map(() => new Map<string, number>());
  for (const row of regionRows.values()) {
    row.cells.forEach((cell, a) => {
      for (const item of cell) if (typeof item.result.id === 'string') groupById[a]!.set(item.result.id, item.group);
    });
  }
  const groupLabel = (a: number, id: unknown) => {
    const group = typeof id === 'string' ? groupById[a]!.get(id) : undefined;
    return group === undefined ? null : `#${group}`;
  };
  return names.map((name) => regionRows.get(name) ?? valueRow(name, listsOf(name), groupLabel));
}
