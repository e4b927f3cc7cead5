/*
 * Sizes of the load and kill suites. `npm test` runs them small; their full size is
 * `LOAD_SECONDS=60 KILL_IMPORT_TASKS=200000 npx vitest run test/load` (see CONTRIBUTING.md).
 */

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** How long the eight clients of the mixed load run. */
export const LOAD_SECONDS = positiveInteger('LOAD_SECONDS', 5);
/** Tasks in the import that is killed mid-way. */
export const KILL_IMPORT_TASKS = positiveInteger('KILL_IMPORT_TASKS', 20_000);
/** Annotations answered 201 before the server is killed under concurrent writes. */
export const KILL_WRITES = positiveInteger('KILL_WRITES', 150);
