import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { insertTask } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Record<string, unknown>[];
}

async function create(t: TestApp, body: Record<string, unknown> = {}): Promise<number> {
  const response = await t.withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Projects created one second apart, so creation order is the default order reversed. */
async function createMany(t: TestApp, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(await create(t, { title: `Project ${String(index).padStart(3, '0')}` }));
    t.advanceSeconds(1);
  }
  return ids;
}

async function getPage(t: TestApp, path: string): Promise<Page> {
  const response = await t.withToken(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as Page;
}

const idsOf = (page: Page) => page.results.map((project) => project.id);

describe('GET /api/projects/ pagination', () => {
  it('pages 30 at a time by default with absolute next/previous links', async () => {
    const t = await createTestApp();
    const ids = await createMany(t, 31);
    const first = await getPage(t, '/api/projects');
    expect(Object.keys(first)).toEqual(['count', 'next', 'previous', 'results']);
    expect(first.count).toBe(31);
    expect(first.results).toHaveLength(30);
    expect(idsOf(first)).toEqual([...ids].reverse().slice(0, 30));
    expect(first.next).toBe('http://localhost/api/projects/?page=2');
    expect(first.previous).toBeNull();
    const second = await getPage(t, '/api/projects/?page=2');
    expect(idsOf(second)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
    // DRF's remove_query_param: the link to page 1 has no page parameter.
    expect(second.previous).toBe('http://localhost/api/projects/');
  });

  it('keeps other query parameters in the links, sorted and re-encoded the Python way', async () => {
    const t = await createTestApp();
    await createMany(t, 7);
    const page = await getPage(t, '/api/projects/?title=project&page_size=2&page=2&include=id,title&x=a+b%21');
    expect(page.next).toBe(
      'http://localhost/api/projects/?include=id%2Ctitle&page=3&page_size=2&title=project&x=a+b%21',
    );
    expect(page.previous).toBe('http://localhost/api/projects/?include=id%2Ctitle&page_size=2&title=project&x=a+b%21');
    const third = await getPage(t, '/api/projects?page=3&page_size=2');
    expect(third.previous).toBe('http://localhost/api/projects/?page=2&page_size=2');
  });

  it('clamps page_size to 100 and falls back to 30 for values that are not positive integers', async () => {
    const t = await createTestApp();
    t.db.transaction(() => {
      const insert = t.db.prepare('INSERT INTO projects (title, created_at, updated_at) VALUES (?, ?, ?)');
      for (let index = 0; index < 120; index += 1) insert.run(`P${index}`, '2026-01-01T00:00:00.000000Z', 'x');
    })();
    expect((await getPage(t, '/api/projects/?page_size=1000')).results).toHaveLength(100);
    expect((await getPage(t, '/api/projects/?page_size=100')).results).toHaveLength(100);
    expect((await getPage(t, '/api/projects/?page_size=7')).results).toHaveLength(7);
    for (const size of ['0', '-5', 'abc', '', '2.5']) {
      expect((await getPage(t, `/api/projects/?page_size=${size}`)).results, size).toHaveLength(30);
    }
    expect((await getPage(t, '/api/projects/?page_size=100&page=2')).results).toHaveLength(20);
  });

  it('answers 404 "Invalid page." for pages past the end, below 1 or not integers; supports page=last', async () => {
    const t = await createTestApp();
    await createMany(t, 3);
    for (const page of ['3', '0', '-1', 'abc', '1.5', '2.0', '99999999999999999999']) {
      await expectEnvelope(await t.withToken(`/api/projects/?page_size=2&page=${page}`), 404, 'Invalid page.');
    }
    expect((await getPage(t, '/api/projects/?page_size=2&page=last')).results).toHaveLength(1);
    expect((await getPage(t, '/api/projects/?page_size=2&page=')).results).toHaveLength(2);
    expect((await getPage(t, '/api/projects/?page_size=2&page=%202%20')).results).toHaveLength(1);
  });

  it('has one empty page when there are no projects', async () => {
    const t = await createTestApp();
    expect(await getPage(t, '/api/projects/')).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await getPage(t, '/api/projects/?page=last')).count).toBe(0);
    await expectEnvelope(await t.withToken('/api/projects/?page=2'), 404, 'Invalid page.');
  });
});

describe('GET /api/projects/ filters and ordering', () => {
  it('filters by ids (test_project_ids_filter) and refuses non-integer ids', async () => {
    const t = await createTestApp();
    const [a, b, c] = await createMany(t, 3);
    expect(idsOf(await getPage(t, `/api/projects?ids=${a}`))).toEqual([a]);
    expect(idsOf(await getPage(t, `/api/projects?ids=${a},${b}&ordering=created_at`))).toEqual([a, b]);
    expect(idsOf(await getPage(t, `/api/projects?ids=${c},999`))).toEqual([c]);
    expect((await getPage(t, '/api/projects?ids=')).count).toBe(3);
    await expectEnvelope(await t.withToken('/api/projects?ids=1,x'), 400, 'Validation error', {
      ids: ['A valid integer is required.'],
    });
  });

  it('filters by a case-insensitive title substring, Unicode included', async () => {
    const t = await createTestApp();
    const cats = await create(t, { title: 'Cats and DOGS' });
    await create(t, { title: 'Birds' });
    const umlaut = await create(t, { title: 'ÄRGER im Büro' });
    await create(t, { title: null });
    expect(idsOf(await getPage(t, '/api/projects/?title=dogs'))).toEqual([cats]);
    expect(idsOf(await getPage(t, '/api/projects/?title=ärger'))).toEqual([umlaut]);
    expect(idsOf(await getPage(t, '/api/projects/?title=%25'))).toEqual([]);
    expect((await getPage(t, '/api/projects/?title=')).count).toBe(4);
  });

  it('puts pinned projects first and filters by pin (test_project_pinned_at)', async () => {
    const t = await createTestApp();
    const pinned = await create(t, { title: 'Pinned', pinned_at: '2022-06-17T18:20:09.707589Z' });
    t.advanceSeconds(1);
    const plain = await create(t, { title: 'Plain' });
    t.advanceSeconds(1);
    const newerPin = await create(t, { title: 'Newer pin', pinned_at: '2023-01-01T00:00:00Z' });
    expect(idsOf(await getPage(t, '/api/projects'))).toEqual([newerPin, pinned, plain]);
    expect(idsOf(await getPage(t, '/api/projects?filter=all'))).toEqual([newerPin, pinned, plain]);
    expect(idsOf(await getPage(t, '/api/projects?filter=pinned_only'))).toEqual([newerPin, pinned]);
    expect(idsOf(await getPage(t, '/api/projects?filter=exclude_pinned'))).toEqual([plain]);
    expect(idsOf(await getPage(t, '/api/projects?filter=bogus'))).toEqual([newerPin, pinned, plain]);
  });

  it('orders by any readable field or counter, ascending or descending, ignoring unknown fields', async () => {
    const t = await createTestApp();
    const b = await create(t, { title: 'Bravo', maximum_annotations: 2 });
    t.advanceSeconds(1);
    const a = await create(t, { title: 'Alpha', maximum_annotations: 2 });
    t.advanceSeconds(1);
    const c = await create(t, { title: 'Charlie', maximum_annotations: 1 });
    insertTask(t.db, a);
    insertTask(t.db, a);
    insertTask(t.db, c);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=title'))).toEqual([a, b, c]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=-title'))).toEqual([c, b, a]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=created_at'))).toEqual([b, a, c]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=maximum_annotations,-title'))).toEqual([c, b, a]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=-task_number'))).toEqual([a, c, b]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=nonsense,title'))).toEqual([a, b, c]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=queue_total'))).toEqual([c, a, b]);
    expect(idsOf(await getPage(t, '/api/projects/?ordering=title;DROP TABLE projects'))).toEqual([c, a, b]);
  });
});

describe('include: sparse fieldset and counter selector at once, as in Label Studio', () => {
  it('returns only the named fields and computes only the named counters', async () => {
    const t = await createTestApp();
    const id = await create(t, { title: 'Counted' });
    insertTask(t.db, id, {}, true);
    insertTask(t.db, id);
    const page = await getPage(t, '/api/projects/?include=id,title,task_number,finished_task_number');
    expect(page.results).toEqual([{ id, title: 'Counted', task_number: 2, finished_task_number: 1 }]);
    const full = await getPage(t, '/api/projects/');
    expect(full.results[0]).toMatchObject({ task_number: 2, finished_task_number: 1, total_predictions_number: 0 });
    const queue = await getPage(t, '/api/projects/?include=queue_total,queue_done');
    expect(queue.results).toEqual([{ queue_total: 1, queue_done: 0 }]);
    expect((await getPage(t, '/api/projects/?include=')).results[0]).toHaveProperty('label_config');
    expect((await getPage(t, '/api/projects/?include=no_such_field')).results).toEqual([{}]);
  });
});

describe('GET /api/projects/counts/', () => {
  it('pages items holding the id and the eight counters, filtered like the list', async () => {
    const t = await createTestApp();
    const [first, second] = await createMany(t, 2);
    insertTask(t.db, first!);
    const page = await getPage(t, '/api/projects/counts/');
    expect(page).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [second, first].map((id) => ({
        id,
        task_number: id === first ? 1 : 0,
        finished_task_number: 0,
        total_predictions_number: 0,
        total_annotations_number: 0,
        num_tasks_with_annotations: 0,
        useful_annotation_number: 0,
        ground_truth_number: 0,
        skipped_annotations_number: 0,
      })),
    });
    expect((await getPage(t, `/api/projects/counts?ids=${first}&include=id,task_number`)).results).toEqual([
      { id: first, task_number: 1 },
    ]);
    expect((await getPage(t, '/api/projects/counts?title=project 001&include=id')).results).toEqual([{ id: second }]);
    expect((await getPage(t, '/api/projects/counts?filter=pinned_only')).count).toBe(0);
    const paged = await getPage(t, '/api/projects/counts?page_size=1');
    expect(paged.next).toBe('http://localhost/api/projects/counts/?page=2&page_size=1');
    await expectEnvelope(await t.withToken('/api/projects/counts?page=3'), 404, 'Invalid page.');
  });
});
