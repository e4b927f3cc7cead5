import { beforeAll, describe, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { useBoth } from '../differential/both.js';
import type { Side } from '../differential/targets.js';
import { choice, createPair, TEXT_CONFIG, type ProjectPair } from './projectPair.js';

/* Task lists, filters, ordering, paging and single tasks, against Label Studio. */

const TOLERATE = { tolerate: ['dm-display-strings' as const, 'dm-computed-columns' as const] };

function query(filters: unknown[], extra: Record<string, unknown> = {}, conjunction = 'and'): string {
  return encodeURIComponent(JSON.stringify({ filters: { conjunction, items: filters }, ...extra }));
}

describe('tasks, Outpost against Label Studio', () => {
  const both = useBoth();
  let project: ProjectPair;
  const taskIds: Pair<number[]> = { ls: [], outpost: [] };
  const list = (rest: string) => (side: Side) => `/api/tasks/?project=${project.ids[side]}&${rest}`;

  beforeAll(async () => {
    project = await createPair(both, TEXT_CONFIG, 'Task lists');
    const imported = await both.ok<{ task_ids: number[] }>(
      'POST',
      project.path('/import?return_task_ids=true'),
      {
        json: [
          { data: { text: 'alpha', n: 3 }, meta: { k: 'v' } },
          { data: { text: 'beta', n: 1 }, predictions: [{ result: choice('pos'), score: 0.4, model_version: 'm' }] },
          { data: { text: 'gamma', n: 2 } },
          { data: { text: 'delta', n: 5 } },
          { data: { text: 'epsilon', n: 4 } },
        ],
      },
      201,
    );
    taskIds.ls = imported.ls.task_ids;
    taskIds.outpost = imported.outpost.task_ids;
    for (const [index, value] of [
      [0, 'pos'],
      [0, 'neg'],
      [2, 'neg'],
    ] as const) {
      await both.ok(
        'POST',
        (side) => `/api/tasks/${taskIds[side][index]}/annotations/`,
        { json: { result: choice(value), lead_time: 3 } },
        201,
      );
    }
    await both.ok(
      'POST',
      (side) => `/api/tasks/${taskIds[side][3]}/annotations/`,
      { json: { result: [], was_cancelled: true } },
      201,
    );
  });

  it('lists tasks with fields, include, omit and resolve_uri', async () => {
    for (const rest of [
      '',
      'fields=all',
      'fields=task_only',
      'include=id,data',
      'include=id',
      'omit=data,meta',
      'resolve_uri=false',
      'fields=bogus',
    ]) {
      await both.expectSame(`list ${rest}`, 'GET', list(rest), undefined, TOLERATE);
    }
  });

  it('pages like Label Studio, with a 404 past the end', async () => {
    for (const rest of [
      'page_size=2',
      'page_size=2&page=2',
      'page_size=2&page=3',
      'page_size=2&page=4',
      'page=0',
      'page=-1',
      'page=x',
      'page_size=0',
      'page_size=-5',
      'page_size=abc',
    ]) {
      await both.expectSame(`page ${rest}`, 'GET', list(rest), undefined, TOLERATE);
    }
    await both.expectSame('no project', 'GET', '/api/tasks/');
    await both.expectSame('unknown project', 'GET', '/api/tasks/?project=999999');
    const empty = await createPair(both, TEXT_CONFIG, 'Empty');
    await both.expectSame('an empty project', 'GET', (side) => `/api/tasks/?project=${empty.ids[side]}`);
    await both.expectSame('an empty project, page 2', 'GET', (side) => `/api/tasks/?project=${empty.ids[side]}&page=2`);
  });

  it('filters and orders by data, counters and dates', async () => {
    const cases: [string, string][] = [
      [
        'text contains',
        query([{ filter: 'filter:tasks:data.text', operator: 'contains', type: 'String', value: 'ta' }]),
      ],
      ['n greater', query([{ filter: 'filter:tasks:data.n', operator: 'greater', type: 'Number', value: 2 }])],
      [
        'annotated',
        query([{ filter: 'filter:tasks:total_annotations', operator: 'greater', type: 'Number', value: 0 }]),
      ],
      ['labeled', query([{ filter: 'filter:tasks:completed_at', operator: 'empty', type: 'Datetime', value: false }])],
      [
        'cancelled',
        query([{ filter: 'filter:tasks:cancelled_annotations', operator: 'equal', type: 'Number', value: 1 }]),
      ],
      [
        'predicted',
        query([{ filter: 'filter:tasks:total_predictions', operator: 'greater_or_equal', type: 'Number', value: 1 }]),
      ],
      [
        'or',
        query(
          [
            { filter: 'filter:tasks:data.text', operator: 'equal', type: 'String', value: 'beta' },
            { filter: 'filter:tasks:data.n', operator: 'equal', type: 'Number', value: 5 },
          ],
          {},
          'or',
        ),
      ],
      // Plain fields of the task, which Label Studio's filters and ordering take though no column shows them.
      ['is_labeled', query([{ filter: 'filter:tasks:is_labeled', operator: 'equal', type: 'Boolean', value: true }])],
      [
        'not is_labeled',
        query([{ filter: 'filter:tasks:is_labeled', operator: 'equal', type: 'Boolean', value: false }]),
      ],
      ['allow_skip', query([{ filter: 'filter:tasks:allow_skip', operator: 'equal', type: 'Boolean', value: true }])],
      ['comments', query([{ filter: 'filter:tasks:comment_count', operator: 'greater', type: 'Number', value: 0 }])],
      ['ordered by is_labeled', query([], { ordering: ['-tasks:is_labeled', 'tasks:id'] })],
      ['ordered by n', query([], { ordering: ['tasks:data.n'] })],
      // Only the first key counts; ties are left in no defined order by Label Studio, so none here.
      ['ordered by n, descending', query([], { ordering: ['-tasks:data.n', 'tasks:id'] })],
      [
        'updated since',
        query([
          {
            filter: 'filter:tasks:updated_at',
            operator: 'greater',
            type: 'Datetime',
            value: '2020-01-01T00:00:00.000000Z',
          },
        ]),
      ],
    ];
    for (const [what, value] of cases) {
      await both.expectSame(`filter: ${what}`, 'GET', list(`query=${value}&fields=all`), undefined, TOLERATE);
    }
    await both.expectSame(
      'selected items',
      'GET',
      (side) =>
        list(
          `query=${encodeURIComponent(JSON.stringify({ selectedItems: { all: false, included: [taskIds[side][1], taskIds[side][4]] } }))}`,
        )(side),
      undefined,
      TOLERATE,
    );
    await both.expectSame('broken query', 'GET', list('query={oops'), undefined, { known: ['label-studio-500'] });
  });

  it("lists a project's tasks the old way", async () => {
    for (const rest of ['', '?page=1&page_size=2', '?page=2&page_size=2', '?page=9&page_size=2', '?page_size=-1']) {
      await both.expectSame(`project tasks ${rest}`, 'GET', project.path(`/tasks/${rest}`));
    }
    const empty = await createPair(both, TEXT_CONFIG, 'Empty');
    await both.expectSame('project tasks, empty', 'GET', empty.path('/tasks/'));
  });

  it('creates, reads, changes and deletes single tasks', async () => {
    await both.expectSame('create', 'POST', '/api/tasks/', (side) => ({
      json: { data: { text: 'new' }, project: project.ids[side], meta: { m: 1 } },
    }));
    await both.expectSame('create without project', 'POST', '/api/tasks/', { json: { data: { text: 'x' } } });
    await both.expectSame('create with bad data', 'POST', '/api/tasks/', (side) => ({
      json: { data: { other: 1 }, project: project.ids[side] },
    }));
    const task = (index: number) => (side: Side) => `/api/tasks/${taskIds[side][index]}/`;
    await both.expectSame('get', 'GET', task(0), undefined, TOLERATE);
    await both.expectSame('patch', 'PATCH', task(1), {
      json: { data: { text: 'beta 2', n: 1 }, meta: { edited: true } },
    });
    await both.expectSame('create with states', 'POST', '/api/tasks/', (side) => ({
      json: {
        data: { text: 'states' },
        project: project.ids[side],
        overlap: 3,
        is_labeled: true,
        total_annotations: 2,
      },
    }));
    await both.expectSame('patch overlap', 'PATCH', task(2), { json: { overlap: 2 } });
    await both.expectSame('patch overlap, not a number', 'PATCH', task(2), {
      json: { overlap: 'many', is_labeled: 3 },
    });
    await both.expectSame('patch is_labeled', 'PATCH', task(3), { json: { is_labeled: true } });
    await both.expectSame('patch counters', 'PATCH', task(3), {
      json: {
        total_annotations: 7,
        cancelled_annotations: 2,
        total_predictions: 4,
        comment_count: 1,
        unresolved_comment_count: 1,
      },
    });
    await both.expectSame('patch a null overlap', 'PATCH', task(3), { json: { overlap: null } });
    await both.expectSame('after the patches', 'GET', list('fields=all'), undefined, TOLERATE);
    await both.expectSame(
      'patch bad data',
      'PATCH',
      task(1),
      { json: { data: 'nope' } },
      { known: ['label-studio-500'] },
    );
    await both.expectSame('delete', 'DELETE', task(4));
    await both.expectSame('deleted', 'GET', task(4));
    await both.expectSame('unknown', 'GET', '/api/tasks/999999/');
  });
});
