import { describe, it } from 'vitest';
import { useBoth } from '../differential/both.js';
import type { SendInit } from '../differential/targets.js';
import { choice, createPair, expectSameTasks, TEXT_CONFIG } from './projectPair.js';

/* Imports of JSON bodies against Label Studio: the answer, then the tasks it made. */
describe('JSON imports, Outpost against Label Studio', () => {
  const both = useBoth();
  const user = () => both.targets.ls; // the same email on both (outpost serve --user-email)

  async function importCase(what: string, body: unknown, query = '', config = TEXT_CONFIG) {
    const project = await createPair(both, config, what.slice(0, 50).padEnd(3, '.'));
    await both.expectSame(`${what}: the answer`, 'POST', project.path(`/import${query}`), { json: body } as SendInit);
    await expectSameTasks(both, project, what);
    return project;
  }

  it('imports bare items, one object, and wrapped items with meta', async () => {
    await importCase('bare items', [{ text: 'a' }, { text: 'b', extra: 1 }]);
    await importCase('one object', { text: 'alone' });
    await importCase('wrapped with meta', [{ data: { text: 'w' }, meta: { source: 'x' }, allow_skip: false }]);
    await importCase('task ids', [{ text: 'a' }, { text: 'b' }], '?return_task_ids=true');
    await importCase('not committed', [{ text: 'a' }], '?commit_to_project=false');
    await importCase('unicode and nesting', [{ text: 'naïve ✓ 🚀', nested: { deep: [1, 2, { x: null }] } }]);
  });

  it('imports annotations and predictions with their defaults', async () => {
    const email = (await user().send('GET', '/api/current-user/whoami')).body as { email: string };
    await importCase('annotations', [
      {
        data: { text: 'a' },
        annotations: [
          { result: choice('pos'), completed_by: { email: email.email }, lead_time: 2.5, id: 555 },
          { result: choice('neg'), ground_truth: false, was_cancelled: true },
          { result: [] },
        ],
        predictions: [{ result: choice('neg'), score: 0.75, model_version: 'm1' }, { result: choice('pos') }],
      },
    ]);
    await importCase('predictions set the model version', [
      { data: { text: 'p' }, predictions: [{ result: choice('pos'), score: '0.5', model_version: 'v2' }] },
    ]);
  });

  it('pre-annotates from fields', async () => {
    await importCase(
      'preannotated',
      [{ text: 'x', label: 'pos' }, { text: 'y', label: 'neg', other: 1 }, { text: 'z' }],
      '?preannotated_from_fields=label',
    );
  });

  it('refuses bad items all or nothing, with the same messages', async () => {
    for (const [what, body] of [
      ['missing data key', [{ text: 'ok' }, { other: 'x' }]],
      ['wrong type', [{ text: { nested: true } }]],
      ['empty list', []],
      ['a string', 'just text'],
      ['a number', 42],
      ['null', null],
      [
        'unknown annotator',
        [{ data: { text: 'a' }, annotations: [{ result: [], completed_by: { email: 'nobody@example.com' } }] }],
      ],
      ['annotator id unknown', [{ data: { text: 'a' }, annotations: [{ result: [], completed_by: 999999 }] }]],
      ['annotations not a list', [{ data: { text: 'a' }, annotations: { result: [] } }]],
      ['result not a list', [{ data: { text: 'a' }, annotations: [{ result: 'x' }] }]],
      ['prediction without result', [{ data: { text: 'a' }, predictions: [{ score: 1 }] }]],
      ['data not an object', [{ data: 'text' }]],
    ] as const) {
      await importCase(`refused: ${what}`, body);
    }
  });

  it('answers 415 for text/plain and 400 for broken JSON', async () => {
    const project = await createPair(both, TEXT_CONFIG);
    await both.expectSame('text/plain', 'POST', project.path('/import'), {
      body: 'text',
      headers: { 'Content-Type': 'text/plain' },
    });
    await both.expectSame('broken JSON', 'POST', project.path('/import'), {
      body: '[{"text": ',
      headers: { 'Content-Type': 'application/json' },
    });
    await both.expectSame('no body', 'POST', project.path('/import'));
    await both.expectSame(
      'unknown project',
      'POST',
      '/api/projects/999999/import',
      { json: [{ text: 'a' }] },
      { known: ['html-404'] },
    );
    await expectSameTasks(both, project, 'nothing was imported');
  });

  it('imports predictions for existing tasks', async () => {
    const project = await importCase('for predictions', [{ text: 'a' }, { text: 'b' }], '?return_task_ids=true');
    const tasks = await both.ok<{ tasks: { id: number }[] }>(
      'GET',
      (side) => `/api/tasks/?project=${project.ids[side]}`,
    );
    const id = (side: 'ls' | 'outpost') => tasks[side].tasks[0]!.id;
    await both.expectSame('predictions', 'POST', project.path('/import/predictions'), (side) => ({
      json: [{ task: id(side), result: choice('pos'), score: 0.9, model_version: 'v3' }],
    }));
    await both.expectSame('a prediction for an unknown task', 'POST', project.path('/import/predictions'), {
      json: [{ task: 999999, result: choice('pos') }],
    });
    await expectSameTasks(both, project, 'with predictions');
  });
});
