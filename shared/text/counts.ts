/*
 * How Outpost writes a count, everywhere (the app, the CLI): digits grouped the same way whatever
 * the browser's language ("99,971", never "99.971" on one page and "99971" on the next), and the
 * noun singular for exactly one ("1 project", "2 projects").
 */

const NUMBER = new Intl.NumberFormat('en-US');

/** 99971 → "99,971". */
export function formatCount(value: number): string {
  return NUMBER.format(value);
}

/** "1 task", "3 tasks", "2 media files": the count, formatted, with its noun in the right number. */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A verb agreeing with the count: `agree(1, 'waits', 'wait')` → "waits". */
export function agree(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
