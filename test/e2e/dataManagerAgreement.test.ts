import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { dmGrid, listDmTasks, startDmE2e } from '../helpers/dmE2e.js';
import type { E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The Data Manager's Agreement column in Chromium: a second annotator answers three of the
 * annotated tasks (the same choice, another one, both choices); once shown from the Columns menu,
 * the grid shows each task's agreement as a percentage, empty where a task has one annotator.
 */

const choices = (...chosen: string[]) => [
  { from_name: 'animal', to_name: 'img', type: 'choices', value: { choices: chosen } },
];

describe('the agreement column in the data manager grid', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let projectId: number;
  let firstJsonTask: number;

  beforeAll(async () => {
    ({ server, browser, page, projectId, firstJsonTask } = await startDmE2e('dm-agreement'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows each task’s agreement as a percentage', async () => {
    // Outpost has no API to add people; a sync would bring this one from a remote.
    const db = openDatabase(join(server.dataDir, 'outpost.db'));
    let second: number;
    try {
      const now = new Date().toISOString();
      second = Number(
        db
          .prepare(
            `INSERT INTO users (email, first_name, last_name, date_joined, last_activity, is_local)
             VALUES ('bo.reviewer@example.com', 'Bo', 'Reviewer', ?, ?, 0)`,
          )
          .run(now, now).lastInsertRowid,
      );
    } finally {
      db.close();
    }
    // The first three JSON tasks already hold the local annotator's `cat`.
    const [agree, disagree, half] = [firstJsonTask, firstJsonTask + 1, firstJsonTask + 2];
    const annotate = (task: number, chosen: string[]) =>
      server.api('POST', `/api/tasks/${task}/annotations/`, { result: choices(...chosen), completed_by: second });
    await annotate(agree, ['cat']);
    await annotate(disagree, ['dog']);
    await annotate(half, ['cat', 'dog']);
    const sorted = await listDmTasks(server, projectId, [], ['-tasks:agreement'], 3);
    expect(sorted.tasks.map((task) => task.id)).toEqual([agree, half, disagree]);

    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    const grid = dmGrid(page);
    await grid.rowOf(agree).waitFor();
    // Hidden by default, like most computed columns: the lead shows it from the Columns menu.
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Agreement' }).check();
    await chooser.getByRole('button', { name: 'Done' }).click();
    await grid.grid().getByRole('columnheader', { name: 'Agreement', exact: true }).waitFor();
    const agreementCell = async (task: number) => {
      const column = await grid
        .grid()
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.findIndex((cell) => cell.textContent === 'Agreement'));
      return grid
        .rowOf(task)
        .locator(`[role="gridcell"]:nth-child(${column + 1})`)
        .textContent();
    };
    await expectEventually(() => agreementCell(agree)).toBe('100%');
    await expectEventually(() => agreementCell(disagree)).toBe('0%');
    await expectEventually(() => agreementCell(half)).toBe('50%');
    // One annotator: no agreement, an empty cell.
    await expectEventually(() => agreementCell(firstJsonTask + 3)).toBe('');
  });
});
