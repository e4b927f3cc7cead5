import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openRecordedPage, type RecordedPage } from './browserPage.js';
import { launchChromium } from './chromium.js';
import { startE2eServer, type E2eServer } from './e2eServer.js';

/*
 * The Data Manager browser suites' project: `outpost serve` with four uploaded images and 296
 * JSON tasks pointing at them, the first twelve of those annotated, and a light Chromium page.
 */

const MEDIA = fileURLToPath(new URL('../fixtures/export/image/media/upload/1/', import.meta.url));
export const IMAGES = ['3f2a9c1e-cat.jpg', 'rgba.png', 'gray.png', 'small.gif'];
export const JSON_TASKS = 296;
export const ANNOTATED = 12;
const CONFIG =
  '<View><Image name="img" value="$image"/><Choices name="animal" toName="img"><Choice value="cat"/><Choice value="dog"/></Choices></View>';

interface TaskWire {
  id: number;
  data: { image: string; text?: string; kind?: string; score?: number };
}
export interface ListWire {
  total: number;
  tasks: TaskWire[];
}
export type FilterItem = { filter: string; operator: string; type: string; value: unknown };

/** The server's own answer for a filter and ordering, to compare the grid with. */
export function listDmTasks(
  server: E2eServer,
  projectId: number,
  items: FilterItem[] = [],
  ordering: string[] = [],
  pageSize = 100,
): Promise<ListWire> {
  const query = encodeURIComponent(JSON.stringify({ filters: { conjunction: 'and', items }, ordering }));
  return server.api<ListWire>('GET', `/api/tasks/?project=${projectId}&page_size=${pageSize}&query=${query}`);
}

export interface DmE2e {
  server: E2eServer;
  browser: Browser;
  recorded: RecordedPage;
  page: Page;
  projectId: number;
  firstJsonTask: number;
}

/** Starts the server (`name` tells its data folder apart), fills the project and opens the page (not signed in). */
export async function startDmE2e(name: string): Promise<DmE2e> {
  const server = await startE2eServer(name);
  const projectId = (
    await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Street scenes', label_config: CONFIG })
  ).id;

  // Images through the import API's multipart upload: their tasks point at /data/upload/...
  const form = new FormData();
  for (const image of IMAGES) form.append('file', new Blob([readFileSync(join(MEDIA, image))]), image);
  const upload = await server.request('POST', `/api/projects/${projectId}/import`, form);
  expect(upload.status).toBe(201);
  const uploaded = (await listDmTasks(server, projectId)).tasks.map((task) => task.data.image);
  expect(uploaded.every((url) => url.startsWith('/data/upload/'))).toBe(true);

  const tasks = Array.from({ length: JSON_TASKS }, (_, index) => ({
    image: uploaded[index % uploaded.length],
    text: `Street scene number ${index + 1} with a description long enough to be clipped in its column`,
    kind: index % 3 === 0 ? 'alpha' : 'beta',
    score: (index * 37) % 101,
  }));
  await server.api('POST', `/api/projects/${projectId}/import`, tasks);
  const all = await listDmTasks(server, projectId, [], [], 1000);
  expect(all.total).toBe(JSON_TASKS + IMAGES.length);
  const firstJsonTask = all.tasks[IMAGES.length]!.id;
  for (const task of all.tasks.slice(IMAGES.length, IMAGES.length + ANNOTATED)) {
    await server.api('POST', `/api/tasks/${task.id}/annotations/`, {
      result: [{ from_name: 'animal', to_name: 'img', type: 'choices', value: { choices: ['cat'] } }],
    });
  }

  const browser = await launchChromium();
  const recorded = await openRecordedPage(browser, { colorScheme: 'light' });
  return { server, browser, recorded, page: recorded.page, projectId, firstJsonTask };
}

/** The grid of the open Data Manager page and its task count. */
export function dmGrid(page: Page) {
  const grid = () => page.getByRole('grid', { name: /^Tasks of tab/ });
  const bodyRows = () => grid().locator('.dm-grid__body [role="row"]');
  const count = () => page.getByTestId('task-count');
  return {
    grid,
    bodyRows,
    count,
    rowOf: (id: number) => grid().locator(`[role="row"][data-task-id="${id}"]`),
    renderedIds: async () =>
      (await bodyRows().evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-task-id'))))).filter(
        (id) => id > 0,
      ),
    waitForCount: (text: string) =>
      count()
        .filter({ hasText: new RegExp(`^${text}$`) })
        .waitFor(),
  };
}
