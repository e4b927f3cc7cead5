/** Canonical JSON: object keys sorted, so results that differ only in key order compare equal. */
export function canonicalJson(value: unknown): string {
  // Written out rather than a JSON.stringify replacer, which rebuilt every object sorted: a pull
  // runs this on every annotation it stores. The output is JSON.stringify's, keys sorted by code unit.
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${members.join(',')}}`;
}
