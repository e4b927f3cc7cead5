import { describe, expect, it } from 'vitest';
import {
  createView,
  fetchTaskPage,
  listActions,
  listColumns,
  listViews,
  runAction,
  saveView,
} from '../../renderer/src/api/dataManager.js';
import {
  dmActionListSchema,
  dmActionResultSchema,
  dmColumnsAnswerSchema,
  dmTaskPageSchema,
  dmViewListSchema,
  dmViewSchema,
} from '../../shared/api/dataManager.js';
import { addAnnotation, addDraft, addPrediction, addProject, addTask, addUser, getJson } from '../helpers/dmData.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The Data Manager's answers parsed strictly with the shared schemas the renderer reads them
 * with: a field added or dropped on either side fails here.
 */

const FILTERS = {
  conjunction: 'and' as const,
  items: [{ filter: 'filter:tasks:data.text', operator: 'contains', type: 'String', value: 'a' }],
};

async function projectWithWork() {
  const t = await createTestApp();
  const project = addProject(t.db, { text: 'Text' });
  const author = addUser(t.db, 'ann@example.com', 'Ann', 'Otter');
  const task = addTask(t.db, project, { data: { text: 'a cat' }, updated_by: author });
  addAnnotation(t.db, task, { completed_by: author, lead_time: 3, result: [{ type: 'choices' }] });
  addPrediction(t.db, task, { score: 0.5, model_version: 'v1' });
  addDraft(t.db, task, t.userId);
  addTask(t.db, project, { data: { text: 'a dog', extra: 1 } });
  return { t, project, task };
}

describe('Data Manager wire shapes', () => {
  it('views: listed, created and saved as ViewSerializer, with filters and ordering folded back', async () => {
    const { t, project } = await projectWithWork();
    const client = rendererClient(t);
    const created = await createView(client, project, {
      title: 'Cats',
      filters: FILTERS,
      ordering: ['-tasks:id'],
      hiddenColumns: { explore: ['tasks:inner_id'], labeling: [] },
      type: 'list',
    });
    expect(created).toEqual({
      id: created.id,
      data: {
        title: 'Cats',
        hiddenColumns: { explore: ['tasks:inner_id'], labeling: [] },
        type: 'list',
        filters: FILTERS,
        ordering: ['-tasks:id'],
      },
      order: 0,
      user: t.userId,
      project,
    });
    const saved = await saveView(client, { ...created, data: { ...created.data, title: 'Felines' } });
    expect(dmViewSchema.parse(saved).data.title).toBe('Felines');
    const raw = (await getJson(t, `/api/dm/views/?project=${project}`)).body as unknown;
    expect(dmViewListSchema.parse(raw)).toEqual([saved]);
    expect(await listViews(client, project)).toEqual([saved]);
  });

  it('views another client stored in its own shape: the odd parts are dropped, the tab still loads', async () => {
    const { t, project } = await projectWithWork();
    const client = rendererClient(t);
    // As the SDK may write it: hidden columns for one mode only, a string ordering, no filters.
    await client.post('/api/dm/views/', {
      project,
      data: { title: 'From a script', hiddenColumns: { explore: ['tasks:id'] }, ordering: 'tasks:id', gridWidth: 4 },
    });
    const [view] = await listViews(client, project);
    expect(view?.data).toEqual({ title: 'From a script', gridWidth: 4 });
  });

  it('columns: every data key, the built-in columns and the data parent', async () => {
    const { t, project } = await projectWithWork();
    const raw = (await getJson(t, `/api/dm/columns/?project=${project}`)).body as unknown;
    const { columns } = dmColumnsAnswerSchema.parse(raw);
    expect(columns.filter((column) => column.parent === 'data').map((column) => column.id)).toEqual(['text', 'extra']);
    expect(columns.find((column) => column.id === 'predictions_model_versions')?.schema).toEqual({
      items: ['v1'],
      multiple: true,
    });
    expect(columns.at(-1)).toMatchObject({ id: 'data', children: ['text', 'extra'] });
    expect(await listColumns(rendererClient(t), project)).toEqual(columns);
  });

  it('actions: the list and the answers of the actions the domain runs', async () => {
    const { t, project, task } = await projectWithWork();
    const client = rendererClient(t);
    const raw = (await getJson(t, `/api/dm/actions/?project=${project}`)).body as unknown;
    const actions = dmActionListSchema.parse(raw);
    expect(actions.map((action) => action.id)).toContain('delete_tasks_annotations');
    expect(await listActions(client, project)).toEqual(actions.filter((action) => !action.experimental));
    const one = { selectedItems: { all: false as const, included: [task] }, filters: FILTERS, ordering: [] };
    expect(await runAction(client, project, 'predictions_to_annotations', one)).toEqual({
      detail: 'Created 1 annotations',
    });
    expect(await runAction(client, project, 'remove_duplicates', one)).toEqual({});
    const all = {
      selectedItems: { all: true as const, excluded: [] },
      filters: { conjunction: 'and' as const, items: [] },
      ordering: [],
    };
    const deleted = await runAction(client, project, 'delete_tasks', all);
    expect(dmActionResultSchema.parse(deleted)).toEqual({
      processed_items: 2,
      reload: true,
      detail: 'Deleted 2 tasks',
    });
  });

  it('the task page of a tab (fields=task_only) has every computed column and nothing more', async () => {
    const { t, project, task } = await projectWithWork();
    const client = rendererClient(t);
    const view = await createView(client, project, { title: 'All' });
    const raw = (await getJson(t, `/api/tasks/?view=${view.id}&page=1&page_size=10&fields=task_only`)).body as unknown;
    const page = dmTaskPageSchema.parse(raw);
    expect(page.total).toBe(2);
    expect(page.tasks[0]).toMatchObject({
      id: task,
      annotators: [expect.any(Number)],
      updated_by: [{ user_id: expect.any(Number) }],
      predictions_score: null,
      avg_lead_time: 3,
      draft_exists: true,
      drafts: [],
    });
    expect(await fetchTaskPage(client, view.id, 1, 10)).toEqual(page);
  });

  it('refuses an answer with a field too many or one missing', () => {
    const view = { id: 1, data: {}, order: 0, user: 1, project: 1 };
    expect(dmViewSchema.safeParse(view).success).toBe(true);
    expect(dmViewSchema.safeParse({ ...view, extra: 1 }).success).toBe(false);
    expect(dmViewSchema.safeParse({ id: 1, data: {}, order: 0, project: 1 }).success).toBe(false);
  });
});
