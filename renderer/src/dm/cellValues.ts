import type { TableColumn } from './columns';

/*
 * How a task's value shows in the table: which kind of cell it is and its text. Pure, so the
 * rules are unit-tested without a DOM.
 */

export type CellKind = 'image' | 'audio' | 'number' | 'date' | 'text';

const IMAGE_URL = /\.(png|jpe?g|gif|webp|bmp|svg|avif)(\?.*)?$/i;
const AUDIO_URL = /\.(mp3|wav|ogg|oga|flac|m4a|aac|opus)(\?.*)?$/i;

/** The value of `key` in a task: `data.<key>` reads the task's data, anything else the task itself. */
export function readCell(task: Record<string, unknown>, key: string): unknown {
  if (key.startsWith('data.')) return (task.data as Record<string, unknown> | undefined)?.[key.slice(5)];
  return task[key];
}

export function cellKind(column: TableColumn, value: unknown): CellKind {
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

/** Users come as ids (`annotators`) or `{user_id}` (`updated_by`); both show as `#id`. */
function listItemText(item: unknown): string {
  if (typeof item === 'number') return `#${item}`;
  if (typeof item === 'object' && item !== null) {
    const user = (item as { user_id?: unknown }).user_id;
    return typeof user === 'number' ? `#${user}` : JSON.stringify(item);
  }
  return String(item);
}

export function displayText(column: TableColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.type === 'Datetime' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
  }
  if (Array.isArray(value)) {
    return value.map(listItemText).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
