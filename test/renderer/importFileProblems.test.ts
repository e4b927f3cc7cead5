import { describe, expect, it } from 'vitest';
import { findUnreadableFiles } from '../../renderer/src/features/import/checkFilesBeforeUpload';
import { describeImportError, unreadableFilesReport } from '../../renderer/src/features/import/describeImportError';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

/*
 * Files the import cannot read, in words: an empty JSON file is called empty (not Python's
 * "Expecting value"), a refused extension names its file, and every bad file of a batch is named
 * at once (the server stops at the first). The server's texts come from a real in-memory server.
 */

const TEXT =
  '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>';

async function refusal(files: Record<string, string>) {
  const t = await createTestApp();
  const auth = { Authorization: `Token ${TEST_TOKEN}` };
  const project = (await (await t.postJson('/api/projects/', { label_config: TEXT }, auth)).json()) as { id: number };
  const form = new FormData();
  for (const [name, content] of Object.entries(files)) form.append('file', new Blob([content]), name);
  const response = await t.withToken(`/api/projects/${project.id}/import`, { method: 'POST', body: form });
  expect(response.status).toBe(400);
  const body = await response.json();
  t.db.close();
  return { body, report: describeImportError(400, body, 'x', Object.keys(files)) };
}

describe('import file problems in words', () => {
  it("an empty .json file is empty, not Python's 'Expecting value'", async () => {
    const { body, report } = await refusal({ 'tasks.json': '' });
    expect(JSON.stringify(body)).toContain('Expecting value: line 1 column 1 (char 0)');
    expect(report.headline).toBe('Nothing was imported: tasks.json could not be read.');
    expect(report.problems).toEqual([
      {
        label: 'tasks.json',
        message: 'It is empty: it holds no tasks. A JSON file holds a list of tasks, such as [{"text": "…"}].',
        item: null,
      },
    ]);
  });

  it('a JSON syntax error says what and where, in words', async () => {
    const { report } = await refusal({ 'tasks.json': '[{"text": "a"},\n {"text": "b",}]' });
    expect(report.problems[0]).toEqual({
      label: 'tasks.json',
      message:
        'It is not valid JSON. Line 2, column 15: a key in double quotes should be here (JSON has no trailing commas and no single quotes).',
      item: null,
    });
  });

  it('a .jsonl refusal names its file', async () => {
    const { body, report } = await refusal({ 'good.json': '[{"text": "a"}]', 'lines.jsonl': '{"text": "a"}\n' });
    expect(JSON.stringify(body)).toContain('.jsonl extension is not supported');
    expect(report.headline).toBe('Nothing was imported: lines.jsonl could not be read.');
    expect(report.problems).toEqual([
      { label: 'lines.jsonl', message: expect.stringMatching(/^JSON Lines files \(\.jsonl/), item: null },
    ]);
  });

  it('names every bad file of a batch before anything is sent', async () => {
    const files = [
      new File(['[{"text": "fine"}]'], 'good.json'),
      new File([''], 'empty.json'),
      new File(['   \n'], 'blank.json'),
      new File(['{"text": "a"}\n{"text": "b"}\n'], 'lines.jsonl'),
      new File(['[{"text": "a"'], 'cut.json'),
      new File([''], 'nothing.png'),
      new File(['text\nfine\n'], 'rows.csv'),
    ];
    const problems = await findUnreadableFiles(files);
    expect(problems.map((problem) => problem.file)).toEqual([
      'empty.json',
      'blank.json',
      'lines.jsonl',
      'cut.json',
      'nothing.png',
    ]);
    expect(problems[0]!.reason).toMatch(/^It is empty/);
    expect(problems[1]!.reason).toMatch(/^It is empty/);
    expect(problems[3]!.reason).toBe('It is not valid JSON. Line 1, column 14: a comma is missing between two values.');
    const report = unreadableFilesReport(problems);
    expect(report.headline).toBe(
      'Nothing was imported: empty.json, blank.json, lines.jsonl, cut.json and nothing.png could not be read.',
    );
    expect(report.problems).toHaveLength(5);
    expect(await findUnreadableFiles(files.filter((file) => ['good.json', 'rows.csv'].includes(file.name)))).toEqual(
      [],
    );
  });
});
