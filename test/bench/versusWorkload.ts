/*
 * The workload versusLabelStudio.bench.ts runs against each server, over HTTP with a legacy token:
 * the requests, their bodies (the same bytes for both servers) and the timing of each step.
 */

export const SMALL_IMPORT = 10_000;
export const LARGE_IMPORT = 100_000;
export const PAGE_SIZE = 100;
/** Runs per read whose median is reported (a Label Studio page takes a few hundred ms). */
const READ_RUNS = 7;

const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
  '<Choice value="Positive"/><Choice value="Negative"/></Choices></View>';
const FILLER = 'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4);

function sentiment(index: number) {
  const choice = index % 2 ? 'Positive' : 'Negative';
  return [{ from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: [choice] } }];
}

/** 10k tasks with one annotation each (the export reads them back), and 100k plain tasks. */
export const BODIES = {
  small: Buffer.from(
    JSON.stringify(
      Array.from({ length: SMALL_IMPORT }, (_, index) => ({
        data: { text: `${index} ${FILLER}`, index },
        annotations: [{ result: sentiment(index), lead_time: 2.5 }],
      })),
    ),
  ),
  large: Buffer.from(
    JSON.stringify(Array.from({ length: LARGE_IMPORT }, (_, index) => ({ text: `${index} ${FILLER}`, index }))),
  ),
};

export interface Server {
  name: string;
  url: string;
  token: string;
}

export interface Figures {
  /** Milliseconds, by step. */
  [step: string]: number;
}

export async function send(server: Server, method: string, path: string, body?: Buffer): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Token ${server.token}`, 'Content-Type': 'application/json' },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${server.name} ${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return text;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function median(run: () => Promise<unknown>, runs = READ_RUNS): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) samples.push(await timed(run));
  return samples.sort((a, b) => a - b)[samples.length >> 1]!;
}

async function createProject(server: Server, title: string): Promise<number> {
  return (
    JSON.parse(
      await send(server, 'POST', '/api/projects/', Buffer.from(JSON.stringify({ title, label_config: CONFIG }))),
    ) as { id: number }
  ).id;
}

/** One HTTP import; resolves when the server has answered (and took them all). */
async function importTasks(server: Server, project: number, body: Buffer, expected: number): Promise<void> {
  const answer = JSON.parse(await send(server, 'POST', `/api/projects/${project}/import`, body)) as {
    task_count: number;
  };
  if (answer.task_count !== expected) throw new Error(`${server.name} imported ${answer.task_count} of ${expected}`);
}

export function taskPagePath(project: number, page: number): string {
  return `/api/tasks/?project=${project}&page=${page}&page_size=${PAGE_SIZE}`;
}

export const PAGES = { first: 1, middle: LARGE_IMPORT / PAGE_SIZE / 2, last: LARGE_IMPORT / PAGE_SIZE };

/** The whole workload on one server; returns its figures and the 100k project (for the benches). */
export async function runWorkload(server: Server): Promise<{ figures: Figures; largeProject: number }> {
  const small = await createProject(server, 'Versus 10k');
  const large = await createProject(server, 'Versus 100k');
  const figures: Figures = {};
  figures['import 10k tasks + annotations'] = await timed(() => importTasks(server, small, BODIES.small, SMALL_IMPORT));
  figures['import 100k tasks'] = await timed(() => importTasks(server, large, BODIES.large, LARGE_IMPORT));
  for (const [name, page] of Object.entries(PAGES)) {
    figures[`GET /api/tasks/ ${name} page (${page})`] = await median(() =>
      send(server, 'GET', taskPagePath(large, page)),
    );
  }
  figures['GET /api/projects/'] = await median(() => send(server, 'GET', '/api/projects/'));
  let exported = '';
  figures['JSON export, 10k tasks'] = await timed(async () => {
    exported = await send(server, 'GET', `/api/projects/${small}/export?exportType=JSON&download_all_tasks=true`);
  });
  const count = (JSON.parse(exported) as unknown[]).length;
  if (count !== SMALL_IMPORT) throw new Error(`${server.name} exported ${count} tasks`);
  return { figures, largeProject: large };
}
