import { useCallback, useMemo, useState } from 'react';
import { formatDate } from './cellValues';
import type { TableColumn } from './columns';
import { clampWidth, defaultWidth, parseWidths, type ColumnWidths } from './columnWidths';
import { createTextMeasure } from './textMeasure';

const storageKey = (projectId: number) => `outpost.dm.columnWidths.${projectId}`;

function readStored(projectId: number): Record<string, number> {
  try {
    return parseWidths(JSON.parse(localStorage.getItem(storageKey(projectId)) ?? '{}'));
  } catch {
    return {};
  }
}

export interface ColumnWidthsState {
  /** Each column's starting width: its header and its kind of content fit. */
  defaults: ColumnWidths;
  /** The widths the user dragged, remembered per project on this machine. */
  chosen: ColumnWidths;
  /** Shows a width at once; `remember` stores it (at the end of a drag, on each key press). */
  resize: (key: string, width: number, remember: boolean) => void;
  /** Back to the column's default width. */
  reset: (key: string) => void;
}

export function useColumnWidths(projectId: number, columns: TableColumn[]): ColumnWidthsState {
  const [chosen, setChosen] = useState<Record<string, number>>(() => readStored(projectId));
  const measure = useMemo(() => createTextMeasure(), []);
  const defaults = useMemo(() => {
    const widths: Record<string, number> = {};
    for (const column of columns) widths[column.key] = defaultWidth(column, measure, formatDate);
    return widths;
  }, [columns, measure]);

  const store = useCallback(
    (next: Record<string, number>) => localStorage.setItem(storageKey(projectId), JSON.stringify(next)),
    [projectId],
  );

  const resize = useCallback(
    (key: string, width: number, remember: boolean) =>
      setChosen((current) => {
        const next = { ...current, [key]: clampWidth(width) };
        if (remember) store(next);
        return next;
      }),
    [store],
  );

  const reset = useCallback(
    (key: string) =>
      setChosen((current) => {
        const next = Object.fromEntries(Object.entries(current).filter(([other]) => other !== key));
        store(next);
        return next;
      }),
    [store],
  );

  return { defaults, chosen, resize, reset };
}
