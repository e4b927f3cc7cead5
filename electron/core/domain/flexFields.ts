/**
 * drf-flex-fields' sparse fieldsets, as Label Studio configures them (`include` is the FIELDS
 * param): `?include=id,title` keeps only those keys, `?omit=a,b` drops keys, and a dotted name
 * (`include=created_by.email`) keeps the top-level key with only that part of the nested object.
 */
export interface Fieldset {
  /** Top-level names to keep, or null for all. */
  include: ReadonlySet<string> | null;
  /** For an included nested object, the sub-keys to keep. */
  nested: ReadonlyMap<string, ReadonlySet<string>>;
  omit: ReadonlySet<string>;
}

export const ALL_FIELDS: Fieldset = { include: null, nested: new Map(), omit: new Set() };

function splitNames(values: readonly string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Every `include` and `omit` query value, comma-separated; empty values mean "not given". */
export function parseFieldset(includeValues: readonly string[], omitValues: readonly string[]): Fieldset {
  const included = splitNames(includeValues);
  const nested = new Map<string, Set<string>>();
  const include = new Set<string>();
  for (const name of included) {
    const [top = '', ...rest] = name.split('.');
    include.add(top);
    if (rest.length > 0) {
      const keep = nested.get(top) ?? new Set<string>();
      keep.add(rest.join('.'));
      nested.set(top, keep);
    }
  }
  return { include: included.length > 0 ? include : null, nested, omit: new Set(splitNames(omitValues)) };
}

export function isFieldVisible(fieldset: Fieldset, name: string): boolean {
  return (fieldset.include === null || fieldset.include.has(name)) && !fieldset.omit.has(name);
}

/** Keeps the visible keys of a serialized object, in its own order. */
export function applyFieldset(object: Record<string, unknown>, fieldset: Fieldset): Record<string, unknown> {
  if (fieldset.include === null && fieldset.omit.size === 0) return object;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (!isFieldVisible(fieldset, key)) continue;
    const keep = fieldset.nested.get(key);
    result[key] =
      keep && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter(([subKey]) => keep.has(subKey)))
        : value;
  }
  return result;
}
