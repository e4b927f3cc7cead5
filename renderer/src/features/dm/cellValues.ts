import type { TableColumn } from './columns';

/*
 * How a task's value shows in the table: which kind of cell it is and its text. Pure, so the
 * rules are unit-tested without a DOM.
 */

export type CellKind = 'image' | 'audio' | 'number' | 'date' | 'users' | 'text';

const IMAGE_URL = /\.(png|jpe?g|gif|webp|bmp|svg|avif)(\?.*)?$/i;
const AUDIO_URL = /\.(mp3|wav|ogg|oga|flac|m4a|aac|opus)(\?.*)?$/i;

/** The value of `key` in a task: `data.<key>` reads the task's data, anything else the task itself. */
export function readCell(task: Record<string, unknown>, key: string): unknown {
  if (key.startsWith('data.')) return (task.data as Record<string, unknown> | undefined)?.[key.slice(5)];
  return task[key];
}

/** The columns that hold people: `annotators` (ids) and `updated_by` (`{user_id}` objects). */
export function isUsersColumn(column: TableColumn): boolean {
  return column.key === 'annotators' || column.key === 'updated_by';
}

export function cellKind(column: TableColumn, value: unknown): CellKind {
  if (isUsersColumn(column)) return 'users';
  if (typeof value === 'string' && value !== '') {
    if (column.type === 'Image' || value.startsWith('data:image/') || (column.isData && IMAGE_URL.test(value))) {
      return 'image';
    }
    if (column.type === 'Audio' || column.type === 'AudioPlus' || (column.isData && AUDIO_URL.test(value))) {
      return 'audio';
    }
  }
  if (column.type === 'Number') return 'number';
  if (column.type === 'Datetime') return 'date';
  return 'text';
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time as the grid shows it (the column widths measure the same format). */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/** Columns holding a share in 0..1, shown as a percentage (agreement, as Label Studio Enterprise shows it). */
const PERCENT_COLUMNS = new Set(['agreement']);

/** 0.6667 -> "66.67%", 1 -> "100%": two decimals at most, none when whole. */
export function formatPercent(share: number): string {
  const percent = Math.round(share * 10_000) / 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
}

function listItemText(item: unknown): string {
  return typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
}

export function displayText(column: TableColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.type === 'Datetime' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDate(date);
  }
  if (PERCENT_COLUMNS.has(column.key) && typeof value === 'number') return formatPercent(value);
  if (Array.isArray(value)) {
    return value.map(listItemText).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
