import { expect, inject, test } from 'vitest';
import { labelStudioApi, type Json } from '../sync/syncRig.js';
import { BENCH_CONFIG, benchTasks } from './labelStudioPull.js';
import { seedTasks } from './seedTasks.js';

/*
 * The pull bench seeds its projects with Label Studio's import code run in process
 * (test/interop/python/seed_tasks.py) rather than through the import API, which is some 18 times
 * slower at 100,000 tasks. What the bench pulls must be what an import makes: the same tasks
 * imported through the API and seeded are read back through the API and compared field by field,
 * as are the two projects' counters. Only what names or dates the particular rows may differ.
 */

const ls = inject('labelStudio');
const api = labelStudioApi(ls);
const COUNT = 20;

/** Keys whose values belong to the row (its ids, its project, when it was written). */
const OWN_KEYS = new Set([
  'id',
  'inner_id',
  'project',
  'task',
  'annotations_ids',
  'created_at',
  'created_ago',
  'updated_at',
  'completed_at',
  'unique_id',
]);
const PROJECT_COUNTERS = [
  'task_number',
  'total_annotations_number',
  'num_tasks_with_annotations',
  'total_predictions_number',
  'finished_task_number',
  'skipped_annotations_number',
  'model_version',
];

/** Every leaf of a JSON value by its path (`annotations.0.result.0.value.choices.0`). */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Json);
    if (entries.length === 0) into.set(path, Array.isArray(value) ? [] : {});
    for (const [key, child] of entries) leaves(child, path ? `${path}.${key}` : key, into);
  } else into.set(path, value);
  return into;
}

/** Paths whose values differ, leaving out the row's own keys (a path ending in one of them). */
function differences(imported: unknown, seeded: unknown): string[] {
  const left = leaves(imported);
  const right = leaves(seeded);
  const paths = new Set([...left.keys(), ...right.keys()]);
  return [...paths].filter((path) => {
    if (left.has(path) && right.has(path) && OWN_KEYS.has(path.split('.').at(-1)!)) return false;
    return !left.has(path) || !right.has(path) || JSON.stringify(left.get(path)) !== JSON.stringify(right.get(path));
  });
}

async function newProject(title: string): Promise<number> {
  const project = await api.call<{ id: number }>('POST', '/api/projects/', { title, label_config: BENCH_CONFIG });
  return project.id;
}

test('seeded tasks read back through the API exactly as imported ones', async () => {
  const tasks = benchTasks(0, COUNT, ls.user.id);
  const importedProject = await newProject('Imported bench tasks');
  const imported = await api.call<{ task_ids: number[] }>(
    'POST',
    `/api/projects/${importedProject}/import?return_task_ids=true`,
    tasks,
  );
  const seededProject = await newProject('Seeded bench tasks');
  const seeded = await seedTasks(ls, seededProject, tasks);
  expect(imported.task_ids).toHaveLength(COUNT);

  for (let index = 0; index < COUNT; index += 1) {
    const [importedTask, seededTask] = await Promise.all([
      api.call('GET', `/api/tasks/${imported.task_ids[index]}`),
      api.call('GET', `/api/tasks/${seeded[index]}`),
    ]);
    expect({ index, differ: differences(importedTask, seededTask) }).toEqual({ index, differ: [] });
    // The comparison saw the fields that matter: the annotation's result and the counters.
    expect(seededTask).toMatchObject({ total_annotations: 1, total_predictions: index % 10 === 0 ? 1 : 0 });
  }

  const importedCounters = await api.call<Json>('GET', `/api/projects/${importedProject}`);
  const seededCounters = await api.call<Json>('GET', `/api/projects/${seededProject}`);
  const counters = (project: Json) => Object.fromEntries(PROJECT_COUNTERS.map((key) => [key, project[key]]));
  expect(counters(seededCounters)).toEqual(counters(importedCounters));
  expect(seededCounters).toMatchObject({ task_number: COUNT, total_annotations_number: COUNT });

  // The data manager's list, which the pull reads, agrees as well.
  const listOf = (id: number) =>
    api.call<{ tasks: Json[] }>('GET', `/api/tasks/?project=${id}&fields=all&page_size=${COUNT}`);
  const importedList = await listOf(importedProject);
  const seededList = await listOf(seededProject);
  expect(differences(importedList.tasks, seededList.tasks)).toEqual([]);
});
