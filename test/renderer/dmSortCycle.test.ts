import { describe, expect, it } from 'vitest';
import { orderingFor, sortActionTitle, sortOf } from '../../renderer/src/features/dm/columns';

/* A column header cycles ascending → descending → unordered, and its tooltip says what the next click does. */

describe('sorting by a column header', () => {
  it('returns to no ordering on the third click', () => {
    const column = 'tasks:data.text';
    const clicks: string[][] = [[]];
    for (let click = 0; click < 4; click += 1) clicks.push(orderingFor(clicks.at(-1)!, column));
    // Back to the tasks' own order, by id (an empty ordering would leave the tab's as it was).
    expect(clicks).toEqual([[], [column], [`-${column}`], ['tasks:id'], [column]]);
    expect(clicks.map((ordering) => sortOf(ordering, column))).toEqual([
      undefined,
      'ascending',
      'descending',
      undefined,
      'ascending',
    ]);
    // Another column's header starts over at ascending; the id column goes descending and back.
    expect(orderingFor([`-${column}`], 'tasks:inner_id')).toEqual(['tasks:inner_id']);
    expect(orderingFor(['tasks:id'], 'tasks:id')).toEqual(['-tasks:id']);
    expect(orderingFor(['-tasks:id'], 'tasks:id')).toEqual(['tasks:id']);
  });

  it('says what the next click does', () => {
    expect(sortActionTitle(undefined, 'Text')).toBe('Order by Text');
    expect(sortActionTitle('ascending', 'Text')).toBe('Order by Text, descending');
    expect(sortActionTitle('descending', 'Text')).toBe('Stop ordering by Text');
  });
});
