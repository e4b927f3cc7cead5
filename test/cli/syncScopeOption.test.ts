import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/core/cli/runCli.js';
import { parseScopeOption } from '../../electron/core/cli/scopeOption.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { captureIo, runSyncCli } from '../helpers/cliIo.js';

/** `outpost sync --scope` (docs/sync.md#partial-mirrors): its forms, its mistakes, and a real run. */

describe('outpost sync --scope', () => {
  it('reads each form', () => {
    expect(parseScopeOption('all')).toBeNull();
    expect(parseScopeOption('view:3')).toEqual({ kind: 'view', view: 3, title: '' });
    expect(parseScopeOption('ids:1-4, 250,2')).toEqual({ kind: 'ids', ids: [1, 2, 3, 4, 250] });
    expect(parseScopeOption('range:100-200')).toEqual({ kind: 'range', from: 100, to: 200 });
    expect(parseScopeOption('unlabeled:50')).toEqual({ kind: 'unlabeled', count: 50 });
  });

  const remote = ['--remote', 'http://127.0.0.1:1', '--token', 'x', '--project', '5'];
  it.each([
    [[...remote, '--scope', 'everything'], '--scope everything: unknown scope'],
    [[...remote, '--scope', 'tab:3'], "--scope tab:3: unknown kind 'tab'"],
    [[...remote, '--scope', 'view:x'], "a tab id must be a whole number of at least 1, not 'x'"],
    [[...remote, '--scope', 'range:9-3'], 'the range 9-3 ends before it starts'],
    [[...remote, '--scope', 'range:5'], "'5' is not FROM-TO"],
    [[...remote, '--scope', 'ids:1,,2'], 'an empty item in the list'],
    [[...remote, '--scope', 'ids:1-200000'], 'more than 100,000 ids'],
    [[...remote, '--scope', 'unlabeled:0'], "the number of tasks must be a whole number of at least 1, not '0'"],
    [[...remote, '--scope', 'unlabeled:100001'], 'Ensure this value is less than or equal to 100000.'],
    [
      ['--remote', 'http://127.0.0.1:1', '--token', 'x', '--scope', 'all'],
      '--scope needs the --project it applies to.',
    ],
  ])('exits 2 for a mistake in %j, naming the forms', async (args, message) => {
    const { io, out, err } = captureIo();
    expect(await runCli(['sync', ...args], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toContain(message);
    expect(err.join('\n')).toContain("Run 'outpost sync --help' for usage.");
  });

  describe('against a second Outpost', () => {
    let server: RemoteOutpost;
    let dataDir: string;

    beforeAll(async () => {
      server = await startRemoteOutpost();
      dataDir = mkdtempSync(join(tmpdir(), 'outpost-sync-scope-'));
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stores the scope of each --project, pulls only it, and pulls the rest with all', async () => {
      const { projectId, taskIds } = await createRemoteProject(server, ['a', 'b', 'c', 'd', 'e']);
      const base = ['--data', dataDir, '--remote', server.url, '--token', server.token, '--project', String(projectId)];
      const scoped = await runSyncCli([...base, '--scope', `ids:${taskIds[1]}-${taskIds[2]}`, '--json']);
      expect(scoped.code).toBe(0);
      expect(JSON.parse(scoped.stdout).pulled).toMatchObject({ projects: 1, tasks: 2 });

      const noTab = await runSyncCli([...base, '--scope', 'view:987654']);
      expect(noTab.code).toBe(2);
      expect(noTab.stderr).toContain(`--scope view:987654: project ${projectId} has no such tab on the remote.`);

      const whole = await runSyncCli([...base, '--scope', 'all', '--json']);
      expect(whole.code).toBe(0);
      expect(JSON.parse(whole.stdout).pulled).toMatchObject({ projects: 1, tasks: 3 });
    });
  });
});
