import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  importTasks,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { waitUntil } from '../helpers/eventually.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * Task data and the project instruction carry script in every form we know; the Data Manager and
 * the labeling page show them in Chromium. A payload that runs marks its frame's window, opens a
 * dialog or calls a listener of ours; none of that may ever happen.
 */

const CONFIG = `<View>
  <Header value="$title"/>
  <Text name="text" value="$text"/>
  <Image name="image" value="$image"/>
  <Choices name="mood" toName="text"><Choice value="Happy"/><Choice value="Sad"/></Choices>
</View>`;

let hits: string[] = [];
let listener: Server;
let listenerUrl = '';

/** Script that reports payload `n` every way it can: a window flag, a dialog, a request to the listener. */
const run = (n: number) =>
  `window.__xss=(window.__xss||[]).concat(${n});alert(${n});fetch('${listenerUrl}/${n}');new Image().src='${listenerUrl}/i${n}'`;

function payloads(): string[] {
  return [
    `<img src=x onerror="${run(1)}">`,
    `<script>${run(2)}</script>`,
    `"><svg onload="${run(3)}">`,
    `javascript:${run(4)}`,
    `'><iframe srcdoc="<script>${run(5)}</script>"></iframe>`,
    `<a href="javascript:${run(6)}">click</a><details open ontoggle="${run(7)}">`,
  ];
}

async function marks(page: Page): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const frame of page.frames()) {
    const mark = await frame
      .evaluate(() => (globalThis as unknown as { __xss?: unknown[] }).__xss)
      .catch(() => undefined);
    if (mark) found.push(...mark);
  }
  return found;
}

describe('stored XSS from task data and the project instruction (Chromium)', () => {
  let session: LabelingSession;
  let page: Page;
  let project: number;
  let tasks: number[];
  const dialogs: string[] = [];

  beforeAll(async () => {
    listener = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    session = await openLabelingSession('xss', {
      // What a payload can reach is the question here: the browser as users run it.
      launch: { siteIsolation: true },
      // Broken image URLs are what the payloads are; their 404s are expected.
      expected: () => true,
      async setup(server) {
        const all = payloads();
        project = await createProject(server, `<img src=x onerror="${run(8)}">`.slice(0, 50), CONFIG, {
          expert_instruction: `<p>Read this.</p>${all.join('')}`,
          show_instruction: true,
          description: all.join(''),
        });
        tasks = await importTasks(
          server,
          project,
          all.map((payload) => ({ title: payload, text: payload, image: payload, note: payload, [payload]: 'key' })),
        );
      },
    });
    page = session.page;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    hits = [];
  });

  afterAll(async () => {
    await session?.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  const expectNothingRan = async () => {
    // A canary of the payloads' own kind (a broken image's onerror), added after them: once it has
    // run, theirs would have too, however slow the machine.
    await page.evaluate(() => {
      const canary = document.createElement('img');
      canary.onerror = () => ((globalThis as unknown as { __canary?: boolean }).__canary = true);
      canary.src = 'x';
      document.body.append(canary);
    });
    await waitUntil(
      () => page.evaluate(() => (globalThis as unknown as { __canary?: boolean }).__canary === true),
      'the canary image to fail',
    );
    await expectEventually(() => marks(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(hits).toEqual([]);
  };

  it('the Data Manager shows the payloads as text in its grid', async () => {
    await page.goto(`${session.server.origin}/#/projects/${project}`, { waitUntil: 'load' });
    const grid = page.getByRole('grid', { name: /^Tasks of tab/ });
    await grid.locator(`[role="row"][data-task-id="${tasks[0]}"]`).waitFor();
    await expectEventually(() => grid.getByText('<script>', { exact: false }).count()).toBeGreaterThan(0);
    await expectNothingRan();
  });

  it('the labeling page shows every task and the sanitized instruction without running any of it', async () => {
    for (const task of tasks) {
      await page.goto(`${session.server.origin}/#/projects/${project}/tasks/${task}`, { waitUntil: 'load' });
      await waitForEditor(page, 'Submit');
    }
    const instructions = page.getByRole('complementary', { name: 'Instructions' });
    await instructions.getByText('Read this.').waitFor();
    // What is left is markup with no handler, script element, frame or script URL.
    const dangerous = await instructions.evaluate((panel) =>
      [...panel.querySelectorAll('*')].flatMap((element) => [
        ...(['SCRIPT', 'IFRAME', 'SVG', 'OBJECT', 'EMBED'].includes(element.tagName.toUpperCase())
          ? [element.tagName]
          : []),
        ...[...element.attributes]
          .filter((attribute) => /^on|srcdoc/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value))
          .map((attribute) => `${element.tagName} ${attribute.name}`),
      ]),
    );
    expect(dangerous).toEqual([]);
    await expectNothingRan();
  });
});
