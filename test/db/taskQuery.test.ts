import { describe, expect, it } from 'vitest';
import { conditionSql } from '../../electron/core/db/repos/taskConditionSql.js';
import { listTaskSetIds, readSegmentKeys } from '../../electron/core/db/repos/taskListRepo.js';
import type { TaskCondition } from '../../electron/core/db/repos/taskQuery.js';
import { addProject, addTask } from '../helpers/dmData.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The typed task query's SQL builder on a real database: a data key that cannot be written as a
 * JSON path is bound as a value wherever the key appears (it used to travel hex-encoded in
 * parameter names that the repository read back out of the SQL text).
 */

const AWKWARD = `it's "odd" \\ key`;

describe('typed task queries', () => {
  it('binds every value, awkward data keys included', () => {
    const condition: TaskCondition = {
      op: 'all',
      of: [
        { op: 'compare', column: { dataKey: AWKWARD }, comparison: 'equal', value: 'x' },
        { op: 'not', of: { op: 'isBlank', column: { dataKey: AWKWARD, asNumber: true } } },
      ],
    };
    const { sql, params } = conditionSql(condition);
    expect(sql).not.toContain('odd');
    expect(params).toEqual([AWKWARD, 'x', AWKWARD]);
  });

  it('filters and pages by an awkward key, seeking from known sort keys', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const ids = [3, 1, null, 2].map((value) => addTask(t.db, project, { data: { [AWKWARD]: value } }));
    const column = { dataKey: AWKWARD };
    const set = { project, conditions: [{ op: 'isNotNull', column } as const] };
    expect(listTaskSetIds(t.db, set)).toEqual([ids[0], ids[1], ids[3]]);
    const segment = { sortBy: column, only: null };
    const all = readSegmentKeys(t.db, set, segment, false, null, 10, 0);
    expect(all).toEqual([
      [1, ids[1]],
      [2, ids[3]],
      [3, ids[0]],
    ]);
    // From the second row's keys, descending: the key's value is bound in the seek condition too.
    expect(readSegmentKeys(t.db, set, segment, true, all[1]!, 10, 0)).toEqual([
      [2, ids[3]],
      [1, ids[1]],
    ]);
  });
});
