import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/core/cli/runCli.js';
import { openDataFolder } from '../../electron/core/openDataFolder.js';
import { insertExportedTasks, readGolden, readGoldenOutput } from '../helpers/exportData.js';
import { captureIo } from '../helpers/cliIo.js';

/** A data folder holding the golden NER example as project 1. */
async function nerDataFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-cli-export-'));
  const folder = await openDataFolder({ dataDir });
  const { config, tasks } = readGolden('text-ner');
  folder.db
    .prepare(
      `INSERT INTO projects (id, title, label_config, parsed_label_config, data_types, organization, created_at, updated_at)
       VALUES (2, 'NER', ?, ?, '{"text":"Text"}', 1, '2025-01-01', '2025-01-01')`,
    )
    .run(config, JSON.stringify({ label: { type: 'Labels', to_name: ['text'], inputs: [{ type: 'Text', valueType: null, value: 'text' }], labels: ['PER', 'ORG', 'LOC'], labels_attrs: {} } })); // prettier-ignore
  insertExportedTasks(folder.db, 2, tasks);
  folder.db.close();
  return dataDir;
}

describe('outpost export', () => {
  it('streams a project to a file in the chosen format', async () => {
    const dataDir = await nerDataFolder();
    const out = join(dataDir, 'ner.conll');
    const { io, out: lines, err } = captureIo();
    const code = await runCli(
      ['export', '--data', dataDir, '--project', '2', '--format', 'CONLL2003', '--out', out],
      io,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(readFileSync(out)).toEqual(readGoldenOutput('text-ner', 'CONLL2003', 'result.conll'));
    expect(lines[0]).toMatch(/^Exported project 2 to .*ner\.conll \(project-2-at-.*\.conll\)$/);

    const json = join(dataDir, 'ner.json');
    expect(await runCli(['export', '--data', dataDir, '--project', '2', '--out', json], captureIo().io)).toBe(0);
    expect(readFileSync(json)).toEqual(readGoldenOutput('text-ner', 'JSON', 'result.json'));
  });

  it.each([
    [['export', '--out', 'x.json'], '--project is required'],
    [['export', '--project', '1'], '--out is required'],
    [['export', '--project', 'one', '--out', 'x'], "--project must be a project id (a whole number), not 'one'"],
    [['export', '--project', '1', '--out', 'x', '--format', 'PDF'], '--format must be one of JSON, JSON_MIN'],
    [['export', '--colour'], "Unknown option '--colour'"],
  ])('exits 2 for %j', async (argv, message) => {
    const { io, err } = captureIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(err.join('\n')).toContain(message);
  });

  it('exits 1 without writing a file when the project or format cannot be exported', async () => {
    const dataDir = await nerDataFolder();
    const missing = captureIo();
    const out = join(dataDir, 'none.json');
    expect(await runCli(['export', '--data', dataDir, '--project', '9', '--out', out], missing.io)).toBe(1);
    expect(missing.err).toEqual([`outpost export: there is no project 9 in ${dataDir}.`]);
    const disabled = captureIo();
    expect(
      await runCli(['export', '--data', dataDir, '--project', '2', '--format', 'YOLO', '--out', out], disabled.io),
    ).toBe(1);
    expect(disabled.err[0]).toContain("YOLO export is not supported for this project's labeling config");
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dataDir).filter((name) => name.includes('partial'))).toEqual([]);
  });
});
