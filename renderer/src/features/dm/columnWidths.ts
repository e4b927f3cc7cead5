import { isUsersColumn } from './cellValues';
import type { TableColumn } from './columns';

/*
 * Column sizes of the grid: every row is a CSS grid with the same template, so header and rows
 * line up without measuring the rows. A column is as wide as its header title and its kind of
 * content need; text grows with the window up to a cap; a width the user dragged wins.
 */

export const CHECK_COLUMN_WIDTH = 44;
export const MIN_COLUMN_WIDTH = 56;
export const MAX_COLUMN_WIDTH = 1200;
/** Text columns start here and grow with the window up to TEXT_CAP: a sentence, never the screen. */
export const TEXT_DEFAULT_WIDTH = 150;
export const TEXT_CAP = 360;

/** How wide a string is in pixels, in the header's type and in a cell's. */
export interface TextMeasure {
  header(text: string): number;
  body(text: string): number;
}

/** User-chosen widths in pixels, by column key (`id`, `data.text`, ...). */
export type ColumnWidths = Readonly<Record<string, number>>;

/** Room around a header title: cell and button padding, the sort arrow, the resize handle. */
const HEADER_CHROME = 44;
/** A cell's padding on both sides, plus a pixel of rounding. */
const CELL_PADDING = 26;
const AVATAR_SIZE = 26;
const AVATAR_GAP = 3;
/** Circles a users column shows: avatars, the last one "+N" when there are more people. */
export const AVATAR_SLOTS = 3;

export type WidthKind = 'text' | 'number' | 'date' | 'image' | 'audio' | 'users' | 'boolean';

export function widthKind(column: TableColumn): WidthKind {
  if (isUsersColumn(column)) return 'users';
  if (column.type === 'Image') return 'image';
  if (column.type === 'Audio' || column.type === 'AudioPlus') return 'audio';
  if (column.type === 'Number') return 'number';
  if (column.type === 'Boolean') return 'boolean';
  if (column.type === 'Datetime') return 'date';
  return 'text';
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/** The widest a date is shown in this locale: every month at a two-digit hour. */
function dateWidth(measure: TextMeasure, format: (date: Date) => string): number {
  let widest = 0;
  for (let month = 0; month < 12; month += 1) {
    widest = Math.max(widest, measure.body(format(new Date(2026, month, 28, 22, 58))));
  }
  return widest;
}

function contentWidth(kind: WidthKind, measure: TextMeasure, formatDate: (date: Date) => string): number {
  switch (kind) {
    case 'date':
      return dateWidth(measure, formatDate) + CELL_PADDING;
    case 'users':
      // The "+N" chip grows past a circle for two digits.
      return AVATAR_SLOTS * (AVATAR_SIZE + AVATAR_GAP) + measure.body('+99') / 2 + CELL_PADDING;
    case 'image':
      return 56 + CELL_PADDING;
    case 'audio':
      return 32 + CELL_PADDING;
    case 'number':
      return measure.body('000000') + CELL_PADDING;
    case 'boolean':
      return measure.body('Yes') + CELL_PADDING;
    case 'text':
      return TEXT_DEFAULT_WIDTH;
  }
}

/** The width a column starts at: its whole header title and its content fit. */
export function defaultWidth(column: TableColumn, measure: TextMeasure, formatDate: (date: Date) => string): number {
  const header = Math.ceil(measure.header(column.title)) + HEADER_CHROME;
  return clampWidth(Math.max(header, contentWidth(widthKind(column), measure, formatDate)));
}

/** Whether a column takes the window's spare room (up to TEXT_CAP) when the user never sized it. */
function grows(column: TableColumn): boolean {
  return widthKind(column) === 'text';
}

export interface GridTemplate {
  /** `grid-template-columns` for the check column and the columns. */
  template: string;
  /** The width under which the grid scrolls sideways. */
  minTotal: number;
}

export function gridTemplate(columns: TableColumn[], defaults: ColumnWidths, chosen: ColumnWidths): GridTemplate {
  const parts = [`${CHECK_COLUMN_WIDTH}px`];
  let minTotal = CHECK_COLUMN_WIDTH;
  for (const column of columns) {
    const user = chosen[column.key];
    const base = user ?? defaults[column.key] ?? TEXT_DEFAULT_WIDTH;
    minTotal += base;
    const cap = Math.max(base, TEXT_CAP);
    parts.push(user === undefined && grows(column) ? `minmax(${base}px, ${cap}px)` : `${base}px`);
  }
  return { template: parts.join(' '), minTotal };
}

/** Widths read back from storage: only finite numbers, clamped, for keys that look like columns. */
export function parseWidths(stored: unknown): Record<string, number> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const widths: Record<string, number> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (typeof value === 'number' && Number.isFinite(value)) widths[key] = clampWidth(value);
  }
  return widths;
}
