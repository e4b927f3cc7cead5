/**
 * An object without a prototype, for objects whose keys come from outside (form and multipart
 * field names, CSV headers, label and file names): there `__proto__` is an ordinary key rather than
 * the object's prototype, and `constructor` or `toString` are not already present.
 */
export function nullRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
