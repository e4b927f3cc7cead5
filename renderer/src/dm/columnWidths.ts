import type { TableColumn } from './columns';

/*
 * Column sizes of the grid: every row is a CSS grid with the same template, so header and rows
 * line up without measuring anything.
 */

export const CHECK_COLUMN_WIDTH = 44;

function minWidth(column: TableColumn): number {
  if (column.key === 'id') return 72;
  if (column.type === 'Image') return 110;
  if (column.type === 'Audio' || column.type === 'AudioPlus') return 110;
  if (column.type === 'Number' || column.type === 'Boolean') return 110;
  if (column.type === 'Datetime') return 150;
  if (column.isData) return 180;
  return 130;
}

/** `grid-template-columns` for the columns, and the width under which the grid scrolls sideways. */
export function gridTemplate(columns: TableColumn[]): { template: string; minTotal: number } {
  const parts = [`${CHECK_COLUMN_WIDTH}px`];
  let minTotal = CHECK_COLUMN_WIDTH;
  for (const column of columns) {
    const min = minWidth(column);
    minTotal += min;
    const grows = column.isData && column.type !== 'Image' && column.type !== 'Audio' && column.type !== 'AudioPlus';
    parts.push(grows ? `minmax(${min}px, 3fr)` : `minmax(${min}px, 1fr)`);
  }
  return { template: parts.join(' '), minTotal };
}
