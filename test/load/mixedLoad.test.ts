import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/faultProxy.js';
import { formatLoadTable, newFigures, type KindFigures } from './latencyTable.js';
import { LOAD_SECONDS } from './loadKnobs.js';
import { cpuSeconds } from './processCpu.js';
import {
  choice,
  createProject,
  expectStatus,
  integrityOf,
  newDataDir,
  removeDataDirs,
  startOutpost,
  withDatabase,
  type Outpost,
} from './outpostServer.js';

/*
 * The load suite: eight clients against a real `outpost serve` for LOAD_SECONDS, mixing the
 * requests an annotating team makes (task pages, the project list, annotation writes, small
 * imports). Every answer must be a 2xx without "database is locked", the server must not log one,
 * and the database must hold exactly what was answered 2xx. Timings are printed, never asserted.
 */

const CLIENTS = 8;
const PROJECTS = 3;
const SEEDED_TASKS = 1_000;
const PAGE_SIZE = 50;
const IMPORT_SIZE = 20;
const LOCKED = /database is locked|SQLITE_BUSY/i;

type Kind = 'task page' | 'project list' | 'annotation' | 'import';
/** Cumulative weights: mostly reading and labeling, an import now and then. */
const MIX: [Kind, number][] = [
  ['task page', 0.4],
  ['project list', 0.55],
  ['annotation', 0.92],
  ['import', 1],
];

interface Seeded {
  projectIds: number[];
  taskIds: Map<number, number[]>;
}

/** What the database must hold afterwards, from the 2xx answers. */
interface Expected {
  importedTasks: Map<number, number>;
  annotations: Map<number, { project: number; task: number }>;
}

let server: Outpost | null = null;
afterEach(async () => {
  await server?.cli.kill();
  server = null;
  removeDataDirs();
});

async function seed(outpost: Outpost): Promise<Seeded> {
  const seeded: Seeded = { projectIds: [], taskIds: new Map() };
  for (let index = 0; index < PROJECTS; index += 1) {
    const id = await createProject(outpost, `load ${index}`);
    const items = Array.from({ length: SEEDED_TASKS }, (_, task) => ({ text: `project ${index} task ${task}` }));
    const imported = await expectStatus<{ task_ids: number[] }>(
      outpost,
      201,
      'POST',
      `/api/projects/${id}/import?return_task_ids=true`,
      items,
    );
    seeded.projectIds.push(id);
    seeded.taskIds.set(id, imported.task_ids);
  }
  return seeded;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

async function runClient(
  outpost: Outpost,
  client: number,
  seeded: Seeded,
  until: number,
  figures: Map<Kind, KindFigures>,
  expected: Expected,
): Promise<void> {
  const random = seededRandom(1000 + client);
  let sent = 0;
  while (performance.now() < until) {
    const roll = random();
    // Each client starts with a different kind, so every kind runs however short the run.
    const kind = sent === 0 ? MIX[client % MIX.length]![0] : MIX.find(([, bound]) => roll < bound)![0];
    const project = pick(random, seeded.projectIds);
    const tasks = seeded.taskIds.get(project)!;
    let method = 'GET';
    let path = '/api/projects/';
    let body: unknown;
    if (kind === 'task page') {
      path = `/api/tasks/?project=${project}&page=${1 + Math.floor(random() * (SEEDED_TASKS / PAGE_SIZE))}&page_size=${PAGE_SIZE}`;
    } else if (kind === 'annotation') {
      method = 'POST';
      path = `/api/tasks/${pick(random, tasks)}/annotations/`;
      body = { result: choice(pick(random, ['a', 'b', 'c'])), lead_time: 1.5 };
    } else if (kind === 'import') {
      method = 'POST';
      path = `/api/projects/${project}/import`;
      body = Array.from({ length: IMPORT_SIZE }, (_, index) => ({ text: `client ${client} import ${sent}.${index}` }));
    }
    sent += 1;
    const entry = figures.get(kind)!;
    const started = performance.now();
    try {
      const answer = await outpost.call<{ id?: number; task?: number; task_count?: number }>(method, path, body);
      entry.latencies.push(performance.now() - started);
      if (answer.status < 200 || answer.status > 299 || LOCKED.test(answer.text)) {
        entry.errors.push(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      entry.ok += 1;
      if (kind === 'annotation') expected.annotations.set(answer.body.id!, { project, task: answer.body.task! });
      if (kind === 'import') {
        expected.importedTasks.set(project, (expected.importedTasks.get(project) ?? 0) + answer.body.task_count!);
      }
    } catch (error) {
      entry.errors.push(`${method} ${path}: ${(error as Error).message}`);
    }
  }
}

/** Runs the clients for LOAD_SECONDS and prints the figures. */
async function runLoad(outpost: Outpost, seeded: Seeded) {
  const figures = new Map<Kind, KindFigures>(MIX.map(([kind]) => [kind, newFigures()]));
  const expected: Expected = { importedTasks: new Map(), annotations: new Map() };
  const cpuBefore = cpuSeconds(outpost.cli.pid);
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  const until = started + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, client) => runClient(outpost, client, seeded, until, figures, expected)),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(outpost.cli.pid);
  const { user, system } = process.cpuUsage(clientCpu);
  const requests = [...figures.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
  const perRequest = (seconds: number) =>
    `${seconds.toFixed(1)} s (${((1000 * seconds) / requests).toFixed(1)} ms a request)`;
  const serverCpu = cpuBefore === null || cpuAfter === null ? 'not known' : perRequest(cpuAfter - cpuBefore);
  const cpu = `CPU: server ${serverCpu}, clients ${perRequest((user + system) / 1e6)}`;
  console.log(
    `\nMixed load: ${CLIENTS} clients, ${elapsed.toFixed(1)} s, ${PROJECTS} projects of ${SEEDED_TASKS} tasks\n${cpu}\n` +
      formatLoadTable(figures, elapsed),
  );
  return { figures, expected };
}

function expectDatabaseHolds(dataDir: string, seeded: Seeded, expected: Expected): void {
  withDatabase(dataDir, (db) => {
    expect(integrityOf(db)).toBe('ok');
    for (const project of seeded.projectIds) {
      const tasks = db.prepare('SELECT COUNT(*) FROM tasks WHERE project = ?').pluck().get(project);
      expect(tasks, `tasks of project ${project}`).toBe(SEEDED_TASKS + (expected.importedTasks.get(project) ?? 0));
    }
    const stored = db.prepare('SELECT id, project, task FROM annotations ORDER BY id').all();
    const answered = [...expected.annotations].map(([id, where]) => ({ id, ...where })).sort((a, b) => a.id - b.id);
    expect(stored).toEqual(answered);
  });
}

describe('eight clients mixing reads, annotation writes and imports', () => {
  it(
    `answers every request of ${LOAD_SECONDS} s with a 2xx and keeps what it answered`,
    async () => {
      const dataDir = newDataDir('outpost-load-');
      server = await startOutpost(dataDir);
      const outpost = server;
      const seeded = await seed(outpost);
      const { figures, expected } = await runLoad(outpost, seeded);

      const errors = [...figures.values()].flatMap((entry) => entry.errors);
      expect(errors.slice(0, 20), `${errors.length} failed requests`).toEqual([]);
      for (const [kind, entry] of figures) expect(entry.ok, `${kind} never ran`).toBeGreaterThan(0);
      expect(await outpost.cli.stop()).toBe(0);
      expect(outpost.cli.stderr()).not.toMatch(LOCKED);
      server = null;
      expectDatabaseHolds(dataDir, seeded, expected);
    },
    120_000 + LOAD_SECONDS * 1000,
  );
});
