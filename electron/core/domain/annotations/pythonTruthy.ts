/** Python's truth value of a parsed JSON or form value: empty strings, lists, dicts, 0 and null are false. */
export function isPythonTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
