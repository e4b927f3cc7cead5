import { describe, expect, it } from 'vitest';
import type { FaultRule } from '../helpers/faultProxy.js';
import {
  CONFIG,
  expectedSet,
  expectExactlyOnce,
  label,
  runSyncCli,
  syncUntilComplete,
  type TaskSets,
  useRemoteBehindProxy,
} from './faultsFixtures.js';

/*
 * Pulls through a faulty network: task pages (exports of 100 task ids, as the CLI asks), the id
 * listing and whole tasks cut off mid-body,
 * lost, dropped or refused with 503, on a first pull and on incremental pulls after the remote
 * changed (edits, deleted annotations and tasks, new tasks). Once the faults stop, the local
 * mirror must hold exactly the remote's annotations, each once.
 */

/** A full pull's pages are exports of task ids; its id listing and incremental pulls read /api/tasks/. */
const TASK_READS = /^\/api\/(tasks\/\?|projects\/\d+\/export\?)/;

const PAGES: FaultRule[] = [
  { method: 'GET', path: TASK_READS, action: { kind: 'cut-response' }, probability: 0.25 },
  { method: 'GET', path: TASK_READS, action: { kind: 'drop-response' }, probability: 0.1 },
  { method: 'GET', path: TASK_READS, action: { kind: 'drop-request' }, probability: 0.1 },
  { method: 'GET', path: TASK_READS, action: { kind: 'status', status: 503 }, probability: 0.1 },
  { method: 'GET', path: /^\/api\/projects\/\d+\/?$/, action: { kind: 'cut-response' }, probability: 0.2 },
];

describe('sync pulls through a faulty network exactly once', () => {
  const setup = useRemoteBehindProxy('outpost-faults-pull-');

  it('first and incremental pulls with pages cut mid-body, then clean runs', async () => {
    const { remote, proxy, dataDir } = setup;
    const project = await remote.api<{ id: number }>('POST', '/api/projects/', { title: 'pull', label_config: CONFIG });
    const expected: Record<string, [string | null, boolean][]> = {};
    const importTasks = async (prefix: string, count: number, value: string) => {
      const items = Array.from({ length: count }, (_, index) => ({
        data: { image: `images/${prefix}${index}.png`, name: `${prefix}${index}` },
        annotations: [{ result: label(value), was_cancelled: index % 7 === 3 }],
      }));
      const { task_ids: ids } = await remote.api<{ task_ids: number[] }>(
        'POST',
        `/api/projects/${project.id}/import?return_task_ids=true`,
        items,
      );
      items.forEach((item, index) => (expected[item.data.name] = [[value, index % 7 === 3]]));
      return ids;
    };
    const ids = await importTasks('p', 260, 'a');
    const other = await remote.addUser('puller-other@example.org');
    for (let index = 0; index < 260; index += 10) {
      await remote.api('POST', `/api/tasks/${ids[index]}/annotations/`, { result: label('c'), completed_by: other });
      expected[`p${index}`]!.push(['c', false]);
    }
    const sync = () => runSyncCli(dataDir, proxy.url, remote.token, project.id);

    // A first pull, twice through faults (the second resumes or starts over). The seeds are ones
    // whose faults cut a page's export mid-body: the incremental pulls below export few tasks, so
    // the assertions after them rely on these first pulls for that.
    proxy.setFaults(PAGES, 51);
    await sync();
    proxy.setFaults(PAGES, 52);
    await sync();

    // The remote changes meanwhile: edits, deleted annotations, deleted tasks, new tasks.
    const annotationsOf = async (task: number) =>
      (
        await remote.api<{ annotations: { id: number; completed_by: number | { id: number } }[] }>(
          'GET',
          `/api/tasks/${task}/`,
        )
      ).annotations;
    for (let index = 1; index < 20; index += 1) {
      const [mine] = await annotationsOf(ids[index]!);
      await remote.api('PATCH', `/api/annotations/${mine!.id}/`, { result: label('b'), was_cancelled: false });
      expected[`p${index}`]![0] = ['b', false];
    }
    for (let index = 21; index < 30; index += 1) {
      const [mine] = await annotationsOf(ids[index]!);
      await remote.api('DELETE', `/api/annotations/${mine!.id}/`);
      expected[`p${index}`] = [];
    }
    for (let index = 30; index < 35; index += 1) {
      await remote.api('DELETE', `/api/tasks/${ids[index]}/`);
      delete expected[`p${index}`];
    }
    await importTasks('q', 12, 'c');

    for (const seed of [23, 24]) {
      proxy.setFaults(PAGES, seed);
      await sync();
    }
    const injected = proxy.injected();
    expect(injected.some((line) => /^cut-response GET \/api\/projects\/\d+\/export\?/.test(line))).toBe(true);
    expect(injected.some((line) => /^cut-response GET \/api\/tasks\/\?/.test(line))).toBe(true);
    expect(injected.some((line) => /^drop-response GET \/api\/(tasks\/|projects\/\d+\/export)\?/.test(line))).toBe(
      true,
    );

    proxy.clearFaults();
    await syncUntilComplete(dataDir, proxy.url, remote.token, project.id);
    const sets: TaskSets = Object.fromEntries(Object.entries(expected).map(([key, list]) => [key, expectedSet(list)]));
    expect(Object.keys(sets)).toHaveLength(260 - 5 + 12);
    await expectExactlyOnce(remote, project.id, dataDir, sets);
  }, 180_000);
});
