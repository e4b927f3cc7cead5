import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * eslint.config.js refuses, in tests, an assertion on a page read once and a fixed sleep: samples
 * of the patterns the browser tests used before are reported, their retrying forms are not.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function waitMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const E2E_FILE = 'test/e2e/example.test.ts';

describe('waiting in tests', () => {
  it.each([
    'expect(await page.getByRole("status").textContent()).toBe("Saved");',
    'expect(await dialog.isVisible()).toBe(false);',
    'expect(await rows.count()).toBe(3);',
    'expect(await page.locator("input").inputValue(), "the name").toBe("x");',
    'expect(await page.evaluate(() => document.title)).toBe("Outpost");',
    'expect(await grid().locator("[aria-sort]").first().getAttribute("aria-sort")).toBe("ascending");',
  ])('reports a one-shot page read: %s', async (line) => {
    const messages = await waitMessages(E2E_FILE, `export async function f() { ${line} }`);
    expect(messages).toEqual([expect.stringContaining('expectEventually')]);
  });

  it.each([
    'await page.waitForTimeout(1500);',
    'await new Promise((resolve) => setTimeout(resolve, 3_100));',
    'await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));',
  ])('reports a fixed sleep: %s', async (line) => {
    const messages = await waitMessages(E2E_FILE, `export async function f() { ${line} }`);
    expect(messages).toEqual([expect.stringContaining('No fixed sleeps')]);
  });

  it('reports expect.poll, whose default timeout is one second, in tests and helpers', async () => {
    const code = 'export async function f() { await expect.poll(() => rows.count()).toBe(3); }';
    expect(await waitMessages(E2E_FILE, code)).toEqual([expect.stringContaining('expectEventually')]);
    expect(await waitMessages('test/helpers/example.ts', code)).toHaveLength(1);
    const withTime = 'export async function f() { await expect.poll(() => n, { timeout: 9_000 }).toBe(3); }';
    expect(await waitMessages(E2E_FILE, withTime)).toHaveLength(1);
  });

  it('reports a sleep imported from node:timers/promises', async () => {
    const code = "import { setTimeout as sleep } from 'node:timers/promises';\nexport const f = () => sleep(5);";
    expect(await waitMessages('test/sync/example.test.ts', code)).toHaveLength(1);
  });

  it('accepts the retrying forms and a time limit on a wait', async () => {
    const code = `import { expectEventually, waitUntil } from '../helpers/eventually.js';
export async function f() {
  await expectEventually(() => page.getByRole('status').textContent()).toBe('Saved');
  await expectEventually(() => rows.count()).toBe(3);
  await waitUntil(() => dialogs.length > 0, 'a dialog');
  await new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 20_000));
  expect(await response.json()).toEqual({});
}`;
    expect(await waitMessages(E2E_FILE, code)).toEqual([]);
  });

  it('leaves poll intervals in the helpers and the interop rig to them, but not in their tests', async () => {
    const poll = 'export async function f() { await new Promise((resolve) => setTimeout(resolve, 50)); }';
    expect(await waitMessages('test/helpers/example.ts', poll)).toEqual([]);
    expect(await waitMessages('test/interop/storages/exampleServer.ts', poll)).toEqual([]);
    expect(await waitMessages('test/interop/storages/example.test.ts', poll)).toHaveLength(1);
    // One-shot reads are refused in helpers too.
    const read = 'export async function f() { expect(await row.textContent()).toBe("x"); }';
    expect(await waitMessages('test/helpers/example.ts', read)).toHaveLength(1);
  });
});
