/*
 * Row selection over a list that is never fully loaded: Label Studio's `selectedItems`, either
 * `{all: false, included: [...]}` or `{all: true, excluded: [...]}`.
 */

export interface Selection {
  all: boolean;
  /** included ids when `all` is false, excluded ids when it is true. */
  ids: ReadonlySet<number>;
}

export const EMPTY_SELECTION: Selection = { all: false, ids: new Set() };

export function isSelected(selection: Selection, id: number): boolean {
  return selection.all !== selection.ids.has(id);
}

export function selectedCount(selection: Selection, total: number): number {
  return selection.all ? Math.max(0, total - selection.ids.size) : selection.ids.size;
}

/** Sets the given rows to selected or not. */
export function setSelected(selection: Selection, ids: number[], selected: boolean): Selection {
  const next = new Set(selection.ids);
  // In "all" mode the set lists the exceptions, so selecting removes from it.
  const addToSet = selection.all ? !selected : selected;
  for (const id of ids) {
    if (addToSet) next.add(id);
    else next.delete(id);
  }
  return { all: selection.all, ids: next };
}

export function toggleSelected(selection: Selection, id: number): Selection {
  return setSelected(selection, [id], !isSelected(selection, id));
}

export function selectAll(): Selection {
  return { all: true, ids: new Set() };
}

export function selectedItems(
  selection: Selection,
): { all: true; excluded: number[] } | { all: false; included: number[] } {
  const ids = [...selection.ids];
  return selection.all ? { all: true, excluded: ids } : { all: false, included: ids };
}

/** The indexes from the anchor to the clicked row, either way round. */
export function rangeIndexes(anchor: number, index: number): number[] {
  const from = Math.min(anchor, index);
  const to = Math.max(anchor, index);
  return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
}
