/*
 * Data Manager columns: the server's `/api/dm/columns` list turned into what the table shows,
 * and the view's `hiddenColumns.explore` list (Label Studio's ids such as `tasks:data.image`).
 */

import type { DmColumn } from '../../../../shared/api/dataManager';

export type { DmColumn } from '../../../../shared/api/dataManager';

/** The parts of a server column that decide the table's. */
export type ColumnLayout = Pick<DmColumn, 'id' | 'title' | 'type' | 'parent' | 'children' | 'visibility_defaults'>;

export interface TableColumn {
  /** The task column id: `id`, `total_annotations`, `data.image`, ... */
  key: string;
  /** Label Studio's view id for it: `tasks:<key>`. */
  viewId: string;
  title: string;
  type: string;
  isData: boolean;
  hiddenByDefault: boolean;
}

export interface HiddenColumns {
  explore: string[];
  labeling: string[];
}

/**
 * The table's columns: the task id first, then the server's order, without the `data` parent
 * that only groups them.
 */
export function tableColumns(columns: ColumnLayout[]): TableColumn[] {
  const ordered = [
    ...columns.filter((column) => column.id === 'id'),
    ...columns.filter((column) => column.id !== 'id'),
  ];
  return ordered
    .filter((column) => !column.children)
    .map((column) => {
      const isData = column.parent === 'data';
      const key = isData ? `data.${column.id}` : column.id;
      return {
        key,
        viewId: `tasks:${key}`,
        title: column.title,
        type: column.type,
        isData,
        hiddenByDefault: column.visibility_defaults?.explore === false,
      };
    });
}

/** The view's hidden columns, or the server's defaults for a view that never chose. */
export function hiddenColumnsOf(data: Record<string, unknown>, columns: TableColumn[]): HiddenColumns {
  const stored = data.hiddenColumns as Partial<HiddenColumns> | undefined;
  if (stored && Array.isArray(stored.explore)) {
    return { explore: stored.explore, labeling: Array.isArray(stored.labeling) ? stored.labeling : [] };
  }
  return { explore: columns.filter((column) => column.hiddenByDefault).map((column) => column.viewId), labeling: [] };
}

export function visibleColumns(columns: TableColumn[], hidden: HiddenColumns): TableColumn[] {
  const hiddenIds = new Set(hidden.explore);
  return columns.filter((column) => !hiddenIds.has(column.viewId));
}

export function toggleHidden(hidden: HiddenColumns, viewId: string, visible: boolean): HiddenColumns {
  const explore = hidden.explore.filter((id) => id !== viewId);
  if (!visible) explore.push(viewId);
  return { ...hidden, explore };
}

/**
 * The tasks' own order, by id. Label Studio keeps a tab's ordering when an update sends an empty
 * one, so going back to it is asked for by name.
 */
export const OWN_ORDER = 'tasks:id';

/**
 * Label Studio's ordering: a one-element list, `tasks:<key>` or `-tasks:<key>`. A click on a
 * column's header goes ascending, descending, then back to the tasks' own order.
 */
export function orderingFor(current: string[], viewId: string): string[] {
  if (current[0] === viewId) return [`-${viewId}`];
  if (current[0] === `-${viewId}`) return [OWN_ORDER];
  return [viewId];
}

/** What the next click on a column's header does, for its tooltip. */
export function sortActionTitle(sort: 'ascending' | 'descending' | undefined, title: string): string {
  if (sort === 'ascending') return `Order by ${title}, descending`;
  if (sort === 'descending') return `Stop ordering by ${title}`;
  return `Order by ${title}`;
}

export function sortOf(ordering: string[], viewId: string): 'ascending' | 'descending' | undefined {
  if (ordering[0] === viewId) return 'ascending';
  if (ordering[0] === `-${viewId}`) return 'descending';
  return undefined;
}
