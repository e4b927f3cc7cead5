import { describe, expect, it } from 'vitest';
import {
  addAnnotation,
  addDraft,
  addFileUpload,
  addPrediction,
  addProject,
  addTask,
  addUser,
  getJson,
  taskListPath,
} from '../helpers/dmData.js';
import { ids, item } from '../helpers/dmFilterQueries.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * Data Manager filters over a hand-built dataset: every task column and operator
 * (docs/label-studio-compatibility.md#data-manager).
 */

describe('every task column and operator', () => {
  async function dataset() {
    const t = await createTestApp();
    const project = addProject(t.db);
    const me = t.userId;
    const other = addUser(t.db, 'other@example.com');
    const upload = addFileUpload(t.db, project, 'upload/1/abc-reviews.csv');
    const choice = (label: string) => ({
      from_name: 'label',
      to_name: 'text',
      type: 'choices',
      value: { choices: [label] },
    });
    const a = addTask(t.db, project, {
      data: { text: 'Alpha Beta', n: 3 },
      created_at: '2025-05-01T00:00:00.000000Z',
      updated_by: me,
      file_upload: upload,
    });
    const b = addTask(t.db, project, {
      data: { text: 'gamma', n: 10 },
      created_at: '2025-06-01T00:00:00.000000Z',
      updated_at: '2025-07-01T00:00:00.000000Z',
    });
    const c = addTask(t.db, project, { data: { text: 'ÉCOLE', n: 'x' }, created_at: '2025-07-01T00:00:00.000000Z' });
    const d = addTask(t.db, project, {
      data: { other: true },
      created_at: '2025-08-01T00:00:00.000000Z',
      updated_by: other,
    });
    const a1 = addAnnotation(t.db, a, {
      result: [choice('pos')],
      completed_by: me,
      lead_time: 10,
      created_at: '2025-05-02T00:00:00.000000Z',
    });
    addAnnotation(t.db, a, {
      result: [choice('neg')],
      completed_by: other,
      lead_time: 20,
      created_at: '2025-05-03T00:00:00.000000Z',
    });
    addAnnotation(t.db, b, { was_cancelled: true, completed_by: other, lead_time: 1 });
    t.db.prepare('UPDATE tasks SET is_labeled = 1 WHERE id = ?').run(a);
    addPrediction(t.db, b, { result: [choice('pos')], score: 0.9, model_version: 'model-2025' });
    addPrediction(t.db, c, { result: [choice('neg')], score: 0.2, model_version: 'baseline' });
    addDraft(t.db, c, other);
    return { t, project, me, other, a, b, c, d, a1 };
  }

  it('id, inner_id and the counters: comparisons, ranges, lists, empty as zero', async () => {
    const { t, project, a, b, c, d } = await dataset();
    expect(await ids(t, project, [item('id', 'greater', 'Number', b)])).toEqual([c, d]);
    expect(await ids(t, project, [item('id', 'not_equal', 'Number', b)])).toEqual([a, c, d]);
    expect(await ids(t, project, [item('inner_id', 'less_or_equal', 'Number', 2)])).toEqual([a, b]);
    expect(await ids(t, project, [item('inner_id', 'not_in', 'Number', { min: 2, max: 3 })])).toEqual([a, d]);
    expect(await ids(t, project, [item('id', 'not_in_list', 'Number', [a, '  ', `"${d}"`])])).toEqual([b, c]);
    expect(await ids(t, project, [item('total_annotations', 'greater_or_equal', 'Number', '2')])).toEqual([a]);
    expect(await ids(t, project, [item('cancelled_annotations', 'empty', 'Number', false)])).toEqual([b]);
    expect(await ids(t, project, [item('total_predictions', 'empty', 'Number', 'true')])).toEqual([a, d]);
    expect(await ids(t, project, [item('total_predictions', 'in_list', 'Number', [1])])).toEqual([b, c]);
  });

  it('datetimes in Label Studio’s exact format: created_at, updated_at, completed_at', async () => {
    const { t, project, a, b, c, d } = await dataset();
    expect(await ids(t, project, [item('created_at', 'greater', 'Datetime', '2025-06-01T00:00:00.000Z')])).toEqual([
      c,
      d,
    ]);
    expect(await ids(t, project, [item('created_at', 'equal', 'Datetime', '2025-06-01T00:00:00.000000Z')])).toEqual([
      b,
    ]);
    const range = { min: '2025-05-15T00:00:00.000000Z', max: '2025-07-15T00:00:00.000000Z' };
    expect(await ids(t, project, [item('created_at', 'in', 'Datetime', range)])).toEqual([b, c]);
    expect(await ids(t, project, [item('updated_at', 'greater', 'Datetime', '2025-06-15T00:00:00.000000Z')])).toEqual([
      b,
      c,
      d,
    ]);
    expect(await ids(t, project, [item('completed_at', 'less', 'Datetime', '2025-06-01T00:00:00.000000Z')])).toEqual([
      a,
    ]);
    expect(await ids(t, project, [item('completed_at', 'empty', 'Datetime', true)])).toEqual([b, c, d]);
  });

  it('annotators and updated_by: contains / not_contains user ids, empty, legacy equal', async () => {
    const { t, project, me, other, a, b, c, d } = await dataset();
    expect(await ids(t, project, [item('annotators', 'contains', 'List', other)])).toEqual([a, b]);
    expect(await ids(t, project, [item('annotators', 'contains', 'List', [me])])).toEqual([a]);
    expect(await ids(t, project, [item('annotators', 'not_contains', 'List', [me])])).toEqual([b, c, d]);
    expect(await ids(t, project, [item('annotators', 'empty', 'List', 'true')])).toEqual([c, d]);
    expect(await ids(t, project, [item('annotators', 'equal', 'List', me)])).toEqual([a]);
    // An empty id list drops the line: no constraint.
    expect(await ids(t, project, [item('annotators', 'contains', 'List', [])])).toEqual([a, b, c, d]);
    expect(await ids(t, project, [item('updated_by', 'contains', 'List', [other])])).toEqual([d]);
    // Django keeps the NULLs of a nullable column in a negation.
    expect(await ids(t, project, [item('updated_by', 'not_contains', 'List', [me])])).toEqual([b, c, d]);
    expect(await ids(t, project, [item('updated_by', 'empty', 'List', 'false')])).toEqual([a, d]);
    const bad = await getJson(
      t,
      taskListPath(project, { filters: { conjunction: 'and', items: [item('annotators', 'greater', 'List', 1)] } }),
    );
    expect(bad.status).toBe(400);
  });

  it('results, annotation ids, model versions, prediction scores and lead times', async () => {
    const { t, project, a, b, c, d, a1 } = await dataset();
    expect(await ids(t, project, [item('annotations_results', 'contains', 'String', 'neg')])).toEqual([a]);
    expect(await ids(t, project, [item('annotations_results', 'not_contains', 'String', 'neg')])).toEqual([b, c, d]);
    const exact = JSON.stringify([
      { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } },
    ]);
    expect(await ids(t, project, [item('annotations_results', 'equal', 'String', exact)])).toEqual([a]);
    expect(await ids(t, project, [item('predictions_results', 'contains', 'String', 'neg')])).toEqual([c]);
    // A results equality that is not JSON makes Label Studio return nothing at all, even with OR.
    const broken = [item('annotations_results', 'equal', 'String', '{oops'), item('id', 'greater', 'Number', 0)];
    expect(await ids(t, project, broken, [], 'or')).toEqual([]);
    expect(await ids(t, project, [item('annotations_ids', 'contains', 'String', `${a1}; 99999`)])).toEqual([a]);
    expect(await ids(t, project, [item('annotations_ids', 'not_contains', 'String', `${a1}`)])).toEqual([b, c, d]);
    expect(await ids(t, project, [item('predictions_model_versions', 'contains', 'List', ['2025', 'nope'])])).toEqual([
      b,
    ]);
    expect(await ids(t, project, [item('predictions_model_versions', 'not_contains', 'List', ['2025'])])).toEqual([
      a,
      c,
      d,
    ]);
    expect(await ids(t, project, [item('predictions_model_versions', 'empty', 'List', 'true')])).toEqual([a, d]);
    // The score is that of the project's chosen model version (none chosen: no score at all).
    expect(await ids(t, project, [item('predictions_score', 'empty', 'Number', 'true')])).toEqual([a, b, c, d]);
    t.db.prepare("UPDATE projects SET model_version = 'model-2025' WHERE id = ?").run(project);
    expect(await ids(t, project, [item('predictions_score', 'greater', 'Number', 0.5)])).toEqual([b]);
    expect(await ids(t, project, [item('predictions_score', 'empty', 'Number', 'true')])).toEqual([a, c, d]);
    expect(await ids(t, project, [item('avg_lead_time', 'in', 'Number', { min: 10, max: 20 })])).toEqual([a]);
    expect(await ids(t, project, [item('avg_lead_time', 'less', 'Number', 5)])).toEqual([b]);
  });

  it('file_upload, storage_filename and draft_exists', async () => {
    const { t, project, a, b, c, d } = await dataset();
    expect(await ids(t, project, [item('file_upload', 'contains', 'String', 'REVIEWS')])).toEqual([a]);
    expect(await ids(t, project, [item('file_upload', 'empty', 'String', 'true')])).toEqual([b, c, d]);
    expect(await ids(t, project, [item('storage_filename', 'empty', 'String', 'true')])).toEqual([a, b, c, d]);
    expect(await ids(t, project, [item('draft_exists', 'equal', 'Boolean', 'true')])).toEqual([c]);
    expect(await ids(t, project, [item('draft_exists', 'equal', 'Boolean', false)])).toEqual([a, b, d]);
  });

  it('data keys: case-insensitive contains beyond ASCII, regex, equality on strings and numbers', async () => {
    const { t, project, a, b, c, d } = await dataset();
    expect(await ids(t, project, [item('data.text', 'contains', 'String', 'beta')])).toEqual([a]);
    expect(await ids(t, project, [item('data.text', 'contains', 'String', 'école')])).toEqual([c]);
    // A task without the key matches neither contains nor not_contains.
    expect(await ids(t, project, [item('data.text', 'not_contains', 'String', 'beta')])).toEqual([b, c]);
    expect(await ids(t, project, [item('data.text', 'regex', 'String', '^[a-z]+$')])).toEqual([b]);
    expect(await ids(t, project, [item('data.text', 'equal', 'String', 'gamma')])).toEqual([b]);
    expect(await ids(t, project, [item('data.text', 'not_equal', 'String', 'gamma')])).toEqual([a, c]);
    expect(await ids(t, project, [item('data.n', 'equal', 'Number', '10')])).toEqual([b]);
    expect(await ids(t, project, [item('data.n', 'less', 'Number', 5)])).toEqual([a, c]);
    expect(await ids(t, project, [item('data.other', 'equal', 'Boolean', true)])).toEqual([d]);
    expect(await ids(t, project, [item('data.text', 'empty', 'String', false)])).toEqual([a, b, c]);
    // Label Studio's backend treats operators it does not know as equality.
    expect(await ids(t, project, [item('data.text', 'starts_with', 'String', 'gamma')])).toEqual([b]);
    const awkward = await ids(t, project, [item('data.it\'s "odd"', 'empty', 'String', 'true')]);
    expect(awkward).toEqual([a, b, c, d]);
  });

  it('conjunctions, child filters, skipped items', async () => {
    const { t, project, a, b, c, d } = await dataset();
    const low = item('inner_id', 'equal', 'Number', 1);
    const high = item('inner_id', 'equal', 'Number', 4);
    expect(await ids(t, project, [low, high], [], 'or')).toEqual([a, d]);
    expect(await ids(t, project, [low, high], [], 'and')).toEqual([]);
    const withChild = {
      ...item('inner_id', 'greater', 'Number', 1),
      child_filter: item('total_predictions', 'equal', 'Number', 1),
    };
    expect(await ids(t, project, [withChild, low], [], 'or')).toEqual([a, b, c]);
    // Items not on tasks, or without a value, are no constraint.
    const ignored = [
      { ...low, filter: 'filter:annotations:id' },
      { ...low, value: null },
    ];
    expect(await ids(t, project, ignored)).toEqual([a, b, c, d]);
    const unknown = await getJson(
      t,
      taskListPath(project, { filters: { conjunction: 'and', items: [item('nope', 'equal', 'Number', 1)] } }),
    );
    expect(unknown.status).toBe(400);
  });
});
