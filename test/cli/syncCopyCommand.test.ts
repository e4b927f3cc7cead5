import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/core/cli/runCli.js';
import { SYNC_COPY_HELP, SYNC_HELP } from '../../electron/core/cli/usage.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { captureIo } from '../helpers/cliIo.js';

/** `outpost sync copy`: its help, its usage errors, and a refusal worded as the CLI's (the copy itself: test/sync/serverCopy*.test.ts). */

describe('outpost sync copy', () => {
  let remoteDir: string;
  let remote: SpawnedCli;
  let dataDir: string;

  beforeAll(async () => {
    remoteDir = mkdtempSync(join(tmpdir(), 'outpost-copy-remote-'));
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-copy-cli-'));
    remote = await spawnCli(['serve', '--data', remoteDir, '--port', '0']);
  });
  afterAll(async () => {
    await remote?.stop();
    for (const dir of [remoteDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('documents itself, and `outpost sync --help` points at it', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['sync', 'copy', '--help'], io)).toBe(0);
    expect(out).toEqual([SYNC_COPY_HELP]);
    expect(SYNC_COPY_HELP).toContain('--to URL');
    expect(SYNC_HELP).toContain('outpost sync copy --help');
  });

  it.each([
    [['sync', 'copy', '--to', 'http://127.0.0.1:1'], 'outpost sync copy: --project is required.'],
    [
      ['sync', 'copy', '--project', 'two', '--to', 'http://127.0.0.1:1'],
      "--project must be a local project id (a whole number), not 'two'.",
    ],
    [['sync', 'copy', '--project', '2'], 'outpost sync copy: --to is required.'],
    [
      ['sync', 'copy', '--project', '2', '--to', 'ftp://x'],
      "--to must be the http(s) URL of a Label Studio server, not 'ftp://x'.",
    ],
    [
      ['sync', 'copy', '--project', '2', '--to', 'http://127.0.0.1:1', '--token', ' '],
      'outpost sync copy: --token may not be blank.',
    ],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const { io, err } = captureIo();
    expect(await runCli(args, io)).toBe(2);
    expect(err.join('\n')).toContain(message);
  });

  it('exits 1 with the reason when the project is not there', async () => {
    const { io, err } = captureIo();
    const args = ['sync', 'copy', '--data', dataDir, '--project', '42', '--to', remote.url, '--token', remote.token];
    expect(await runCli(args, io)).toBe(1);
    expect(err.join('\n')).toContain('outpost: sync copy: No Project matches the given query.');
  });
});
