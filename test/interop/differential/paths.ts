/*
 * Paths into a JSON value for the differential suite: dot-separated keys, `*` for every key or
 * item of an object or array, e.g. `body.tasks.*.annotations.*.id` or `status`.
 */

type Json = unknown;

function childKeys(value: Json): string[] {
  if (Array.isArray(value)) return value.map((_, index) => String(index));
  if (value && typeof value === 'object') return Object.keys(value);
  return [];
}

function child(value: Json, key: string): Json {
  if (Array.isArray(value)) return value[Number(key)];
  if (value && typeof value === 'object') return (value as Record<string, Json>)[key];
  return undefined;
}

/** Every concrete path the pattern names in `value` (a missing last key still counts). */
export function expandPath(value: Json, pattern: string): string[][] {
  let found: { path: string[]; value: Json }[] = [{ path: [], value }];
  const segments = pattern.split('.');
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    found = found.flatMap(({ path, value: current }) => {
      if (segment === '*')
        return childKeys(current).map((key) => ({ path: [...path, key], value: child(current, key) }));
      const isContainer = current !== null && typeof current === 'object';
      if (!isContainer) return [];
      const next = child(current, segment);
      return next === undefined && !isLast ? [] : [{ path: [...path, segment], value: next }];
    });
  });
  return found.map(({ path }) => path);
}

export function getPath(value: Json, path: readonly string[]): Json {
  return path.reduce<Json>((current, key) => child(current, key), value);
}

/** Sets the value at `path` when its parent exists; returns whether it did. */
export function setPath(value: Json, path: readonly string[], replacement: Json): boolean {
  const parent = getPath(value, path.slice(0, -1));
  const key = path[path.length - 1];
  if (key === undefined || parent === null || typeof parent !== 'object') return false;
  if (Array.isArray(parent)) parent[Number(key)] = replacement;
  else (parent as Record<string, Json>)[key] = replacement;
  return true;
}
