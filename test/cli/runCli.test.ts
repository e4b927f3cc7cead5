import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/core/cli/runCli.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { dataPaths } from '../../electron/core/dataDir.js';
import { captureIo } from '../helpers/cliIo.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'outpost-cli-'));

describe('outpost CLI', () => {
  it('prints help for every command and exits 0', async () => {
    for (const argv of [['--help'], ['serve', '--help'], ['token', '-h'], ['start', '--help']]) {
      const { io, out } = captureIo('at once');
      expect(await runCli(argv, io)).toBe(0);
      expect(out.join('\n')).toMatch(/^Usage: outpost/);
    }
  });

  it('prints the package version for --version, -v and version, and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-v', 'version']) {
      const { io, out, err } = captureIo('at once');
      expect(await runCli([flag], io)).toBe(0);
      expect(out).toEqual([version]);
      expect(err).toEqual([]);
    }
  });

  it.each([
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['serve', '--colour'], "Unknown option '--colour'"],
    [['serve', '--port', 'eighty'], '--port must be a whole number from 0 to 65535'],
    [['serve', '--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['serve', '--token', 'short'], '--token must be 40 lowercase hexadecimal characters'],
    [['serve', '--user-email', 'nobody'], '--user-email must be an email address'],
    [['serve', '--data'], "Option '--data <value>' argument missing"],
    [['token', 'extra'], "Unexpected argument 'extra'"],
  ])('exits 2 with a clear message for %j', async (argv, message) => {
    const { io, out, err } = captureIo('at once');
    expect(await runCli(argv, io)).toBe(2);
    expect(err.join('\n')).toContain(message);
    expect(err.join('\n')).toContain('--help');
    expect(out).toEqual([]);
  });

  it('prints the same TOKEN and PAT lines on every run of `outpost token`', async () => {
    const dataDir = tempDir();
    const first = captureIo('at once');
    expect(await runCli(['token', '--data', dataDir], first.io)).toBe(0);
    expect(first.out).toHaveLength(2);
    expect(first.out[0]).toMatch(/^TOKEN: [0-9a-f]{40}$/);
    expect(first.out[1]).toMatch(/^PAT: [\w-]+\.[\w-]+\.[\w-]+$/);
    const second = captureIo('at once');
    await runCli(['token', '--data', dataDir], second.io);
    expect(second.out).toEqual(first.out);
  });

  it('refuses a data folder written by a newer Outpost and exits 1', async () => {
    const dataDir = tempDir();
    await runCli(['token', '--data', dataDir], captureIo('at once').io);
    const db = openDatabase(dataPaths(dataDir).database);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (500, 'future', 'x')").run();
    db.close();
    const { io, err } = captureIo('at once');
    expect(await runCli(['token', '--data', dataDir], io)).toBe(1);
    expect(err.join('\n')).toContain('written by a newer version of Outpost');
  });

  it('reports a port already in use instead of crashing', async () => {
    const dataDir = tempDir();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as AddressInfo).port;
    const { io, err } = captureIo('at once');
    expect(await runCli(['serve', '--data', dataDir, '--port', String(port)], io)).toBe(1);
    expect(err.join('\n')).toContain('EADDRINUSE');
    expect(err.join('\n')).toContain('the port is already in use');
    blocker.close();
  });
});
