import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/core/cli/runCli.js';
import { captureIo } from '../helpers/cliIo.js';

/*
 * What a first-time CLI user reads: the help names every line serve prints and the variable that
 * picks the data folder, the README and `sync --help` give one account of the exit status, a
 * missing project is named, and a mistyped --data is refused rather than made into a new folder.
 */

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-cli-newcomer-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function help(command: string): Promise<string> {
  const { io, out } = captureIo();
  expect(await runCli([command, '--help'], io)).toBe(0);
  return out.join('\n');
}

describe('the CLI for a newcomer', () => {
  it('serve --help names the LOGIN line; start --help names $OUTPOST_DATA_DIR', async () => {
    expect(await help('serve')).toMatch(
      /^\s+LOGIN: <base url>\/login\?token=\.\.\. +a one-time link that signs a browser in/m,
    );
    expect(await help('start')).toContain(
      '--data DIR     Data folder (default: the per-user app-data folder, or $OUTPOST_DATA_DIR)',
    );
  });

  it('sync --help and the README give the same exit status', async () => {
    const words = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ');
    const fromHelp = words(/Exit status: ([\s\S]*)$/.exec(await help('sync'))![1]!);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `outpost sync'))!;
    const fromReadme = words(/Exit (0 when [^|]*?)\s*\|/.exec(row)![1]!);
    expect(fromReadme).toBe(fromHelp);
  });

  it('export of a missing project names it', async () => {
    const dataDir = tempDir();
    expect(await runCli(['token', '--data', dataDir], captureIo().io)).toBe(0);
    const { io, err } = captureIo();
    expect(await runCli(['export', '--data', dataDir, '--project', '99', '--out', join(dataDir, 'x.json')], io)).toBe(
      1,
    );
    expect(err).toEqual([`outpost export: there is no project 99 in ${dataDir}.`]);
    expect(existsSync(join(dataDir, 'x.json'))).toBe(false);
  });

  it('token --data with a mistyped folder exits 2 and creates nothing', async () => {
    const parent = tempDir();
    const typo = join(parent, 'outpst-data');
    const { io, err, out } = captureIo();
    expect(await runCli(['token', '--data', typo], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toContain(`outpost token: ${typo} does not exist. Check the path`);
    expect(existsSync(typo)).toBe(false);

    // A folder with other things in it is not taken for a data folder either.
    const documents = join(parent, 'documents');
    mkdirSync(documents);
    writeFileSync(join(documents, 'notes.txt'), 'mine');
    expect(await runCli(['token', '--data', documents], captureIo().io)).toBe(2);
    expect(existsSync(join(documents, 'outpost.db'))).toBe(false);

    // An existing data folder, and an empty folder made for one, work as before.
    const fresh = join(parent, 'fresh');
    mkdirSync(fresh);
    const first = captureIo();
    expect(await runCli(['token', '--data', fresh], first.io)).toBe(0);
    const again = captureIo();
    expect(await runCli(['token', '--data', fresh], again.io)).toBe(0);
    expect(again.out).toEqual(first.out);
  });

  it('a mistyped $OUTPOST_DATA_DIR is refused the same way', async () => {
    const typo = join(tempDir(), 'nope');
    const saved = process.env.OUTPOST_DATA_DIR;
    process.env.OUTPOST_DATA_DIR = typo;
    try {
      expect(await runCli(['token'], captureIo().io)).toBe(2);
      expect(existsSync(typo)).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.OUTPOST_DATA_DIR;
      else process.env.OUTPOST_DATA_DIR = saved;
    }
  });
});
