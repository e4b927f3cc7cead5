import { describe, expect, it } from 'vitest';
import { resultCount } from '../../electron/core/domain/export/tasks/serializeExportTasks.js';

/** Label Studio 1.22 counts an annotation's distinct region ids (Annotation.save), which its exports show. */
describe('result_count in exports', () => {
  it('counts distinct region ids, regions without one together', () => {
    const region = (id?: unknown) => ({ ...(id === undefined ? {} : { id }), type: 'labels', value: {} });
    expect(resultCount([])).toBe(0);
    expect(resultCount([region(), region()])).toBe(1);
    expect(resultCount([region('a'), region('b'), region('a')])).toBe(2);
    expect(resultCount([region('a'), region(), region(null)])).toBe(2);
    expect(resultCount({ not: 'a list' })).toBe(0);
  });
});
