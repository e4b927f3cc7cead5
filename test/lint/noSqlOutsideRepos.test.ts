import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * eslint.config.js refuses SQL text in the domain and the routes (it belongs in db/repos), in
 * plain strings and template literals alike; the same text in a repository is fine.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function sqlMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('no SQL outside db/repos', () => {
  it('reports SQL in a domain string or template literal', async () => {
    const file = 'electron/core/domain/tasks/example.ts';
    expect(await sqlMessages(file, "export const a = 'SELECT 1 FROM tasks';")).toHaveLength(1);
    expect(await sqlMessages(file, 'export const b = (c: string) => `t.id IN (${c}) AND x IS NOT NULL`;')).toHaveLength(
      1,
    );
    expect(await sqlMessages(file, "export const d = `json_extract(t.data, '$.x')`;")).toHaveLength(1);
  });

  it('reports SQL in a route', async () => {
    const file = 'electron/core/server/routes/example.ts';
    expect(await sqlMessages(file, 'export const e = `DELETE FROM tasks WHERE id = ?`;')).toHaveLength(1);
  });

  it('leaves repositories, comments and ordinary words alone', async () => {
    expect(await sqlMessages('electron/core/db/repos/example.ts', "export const f = 'SELECT 1';")).toEqual([]);
    const domain = 'electron/core/domain/tasks/example.ts';
    expect(
      await sqlMessages(domain, "// Label Studio's SELECT\nexport const g = 'Select a project, where it is';"),
    ).toEqual([]);
  });
});
