import { describe, expect, it } from 'vitest';
import { parseRoute, routeKey, routes } from '../../renderer/src/router';

/* The label stream over picked tasks: its address carries the ids and reads back the same. */
describe('the label stream address with selected tasks', () => {
  it('round-trips the selected ids, and stays the whole stream without them', () => {
    expect(parseRoute(routes.labelStream(7, [3, 1]))).toEqual({
      page: 'labeling',
      projectId: 7,
      taskId: null,
      selectedTasks: [3, 1],
    });
    expect(parseRoute(routes.labelStream(7))).toEqual({ page: 'labeling', projectId: 7, taskId: null });
    expect(routeKey(parseRoute(routes.labelStream(7, [3])))).not.toBe(routeKey(parseRoute(routes.labelStream(7))));
  });
});
