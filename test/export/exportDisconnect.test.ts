import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Statement } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE } from '../../electron/core/domain/export/tasks/readExportTasks.js';
import { createTestApp } from '../helpers/testApp.js';

const PAGES = 20;
const TASKS = PAGES * EXPORT_PAGE_SIZE;

/**
 * A project of 20 pages of ~2 KB tasks (about 20 MB of JSON), and a count of the task pages the
 * export reads, taken by wrapping the page query's prepared statement.
 */
async function bigProject() {
  const t = await createTestApp();
  const created = await t.withToken('/api/projects', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Big project', label_config: '<View><Text name="text" value="$text"/></View>' }),
  });
  const { id } = (await created.json()) as { id: number };
  const filler = 'x'.repeat(2000);
  const insert = t.db.prepare(
    "INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, ?, ?, '2025-01-01', '2025-01-01')",
  );
  t.db.transaction(() => {
    for (let i = 1; i <= TASKS; i += 1) insert.run(id, i, JSON.stringify({ text: `${i} ${filler}` }));
  })();
  const pages = { read: 0 };
  const prepare = t.db.prepare.bind(t.db);
  t.db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!sql.includes('file_upload_file')) return statement;
    const all = statement.all.bind(statement);
    return Object.assign(statement, {
      all: (...params: unknown[]) => {
        pages.read += 1;
        return all(...params);
      },
    }) as Statement;
  }) as typeof t.db.prepare;
  return { t, id, pages };
}

/** Lets any work still scheduled run (no time is measured). */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i += 1) await nextTurn();
}

describe('a client that goes away stops the export', () => {
  it('reads every page when the body is read to the end', async () => {
    const { t, id, pages } = await bigProject();
    const response = await t.withToken(`/api/projects/${id}/export?download_all_tasks=true`);
    const tasks = JSON.parse(await response.text()) as unknown[];
    expect(tasks).toHaveLength(TASKS);
    // The last page is full, so one more (empty) read ends the export.
    expect(pages.read).toBe(PAGES + 1);
  });

  it('stops reading tasks once the body is cancelled', async () => {
    const { t, id, pages } = await bigProject();
    const response = await t.withToken(`/api/projects/${id}/export?download_all_tasks=true`);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await settle();
    const afterCancel = pages.read;
    expect(afterCancel).toBeLessThan(PAGES / 2);
    await settle();
    expect(pages.read).toBe(afterCancel);
  });

  it('stops reading tasks once the request is aborted', async () => {
    const { t, id, pages } = await bigProject();
    const abort = new AbortController();
    const response = await t.withToken(`/api/projects/${id}/export?download_all_tasks=true`, { signal: abort.signal });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    abort.abort();
    await settle();
    const afterAbort = pages.read;
    expect(afterAbort).toBeLessThan(PAGES / 2);
    await expect(async () => {
      for (;;) if ((await reader.read()).done) break;
    }).rejects.toThrow();
    await settle();
    expect(pages.read).toBe(afterAbort);
  });
});
