import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/core/cli/runCli.js';
import { SYNC_HELP } from '../../electron/core/cli/usage.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { captureIo, runSyncCli } from '../helpers/cliIo.js';

/** `outpost sync` as a real process against a second Outpost as the remote. */

describe('outpost sync', () => {
  let remoteDir: string;
  let remote: SpawnedCli;
  const folders: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-sync-cli-'));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    remoteDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
    remote = await spawnCli(['serve', '--data', remoteDir, '--port', '0']);
  });
  afterAll(async () => {
    await remote?.stop();
    for (const dir of [remoteDir, ...folders]) rmSync(dir, { recursive: true, force: true });
  });

  it('syncs with a remote that has no mirrored projects: exit 0 and one JSON line of zeros', async () => {
    const dataDir = newDataDir();
    const result = await runSyncCli(['--data', dataDir, '--remote', remote.url, '--token', remote.token, '--json']);
    expect(result.stderr).not.toMatch(/^outpost:/m);
    expect(result.code).toBe(0);
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toEqual({
      pulled: { projects: 0, tasks: 0, annotations: 0, predictions: 0, media: 0 },
      pushed: { annotations: 0, updates: 0, deletions: 0, tasks: 0 },
      conflicts: 0,
      errors: [],
    });
    // Progress and the one-time file-permission warning go to stderr.
    expect(result.stderr).toContain(`sync: connect ${remote.url}`);
    expect(result.stderr).toContain('sync: push');
    expect(result.stderr).toContain('sync: done');
    expect(result.stderr).toMatch(
      /^Warning: remote tokens in .*remote-tokens\.json are protected only by its file permissions/m,
    );
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'remote-tokens.json')).mode & 0o777).toBe(0o600);

    // The remote is known now: no token needed, and without --json a readable summary.
    const again = await runSyncCli(['--data', dataDir, '--remote', `${remote.url}/`]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Synced ${remote.url}: run 2 completed.`);
    expect(again.stdout).toContain('Pulled: 0 projects, 0 tasks, 0 annotations, 0 predictions, 0 media files.');
    expect(again.stdout).toContain('Conflicts: 0. Errors: 0.');
    expect(again.stdout).not.toContain('{');
    expect(again.stderr).not.toContain('Warning');
  });

  it('exits 1 with the reason when the remote refuses the token, and keeps nothing', async () => {
    const dataDir = newDataDir();
    const result = await runSyncCli(['--data', dataDir, '--remote', remote.url, '--token', 'f'.repeat(40), '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`outpost: ${remote.url} refused the legacy token: 401 Invalid token.`);
    const retry = await runSyncCli(['--data', dataDir, '--remote', remote.url]);
    expect(retry.code).toBe(2);
    expect(retry.stderr).toContain('--token is required');
  });

  it('exits 1 with the JSON line and the errors when a project fails to pull', async () => {
    const dataDir = newDataDir();
    const args = ['--data', dataDir, '--remote', remote.url, '--token', remote.pat, '--project', '987654', '--json'];
    const result = await runSyncCli(args);
    expect(result.code).toBe(1);
    const summary = JSON.parse(result.stdout) as { errors: { phase: string; item: string }[] };
    expect(summary.errors).toEqual([{ phase: 'pull', item: 'project 987654', message: expect.any(String) }]);
    expect(result.stderr).toContain('sync: error: project 987654: ');
    expect(result.stderr).toContain('outpost: sync failed: ');
  });

  it('prints each step once: one "pull project" line per project and one "push" line per run', async () => {
    const dataDir = newDataDir();
    const remoteCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${remote.url}${path}`, {
        method,
        headers: { Authorization: `Token ${remote.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const config =
      '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>';
    const project = await remoteCall<{ id: number }>('POST', '/api/projects/', { title: 'Once', label_config: config });
    await remoteCall('POST', `/api/projects/${project.id}/import`, [{ text: 'one' }, { text: 'two' }]);
    const stepLines = (stderr: string, pattern: RegExp) => stderr.split('\n').filter((line) => pattern.test(line));

    const first = await runSyncCli([
      '--data',
      dataDir,
      '--remote',
      remote.url,
      '--token',
      remote.token,
      '--project',
      String(project.id),
    ]);
    expect(first.code).toBe(0);
    expect(stepLines(first.stderr, /^sync: pull /)).toEqual([`sync: pull project ${project.id} (1 of 1)`]);

    // Work labeled here goes into the outbox; the next run pushes it, announcing the push once.
    const local = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
    try {
      const read = async <T>(path: string) =>
        (await (
          await fetch(`${local.url}${path}`, { headers: { Authorization: `Token ${local.token}` } })
        ).json()) as T;
      const mirror = (await read<{ results: { id: number }[] }>('/api/projects/')).results[0]!;
      const tasks = await read<{ tasks: { id: number }[] }>(`/api/tasks/?project=${mirror.id}`);
      const annotated = await fetch(`${local.url}/api/tasks/${tasks.tasks[0]!.id}/annotations/`, {
        method: 'POST',
        headers: { Authorization: `Token ${local.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ result: [] }),
      });
      expect(annotated.status).toBe(201);
    } finally {
      await local.stop();
    }
    const second = await runSyncCli(['--data', dataDir, '--remote', remote.url]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Pushed: 1 new annotation, ');
    expect(stepLines(second.stderr, /^sync: push/)).toEqual(['sync: push']);
    expect(stepLines(second.stderr, /^sync: pull /)).toEqual([`sync: pull project ${project.id} (1 of 1)`]);
  });

  it('outpost serve warns once on stderr when it first stores a remote token', async () => {
    const local = await spawnCli(['serve', '--data', newDataDir(), '--port', '0']);
    try {
      const add = (url: string) =>
        fetch(`${local.url}/api/outpost/remotes/`, {
          method: 'POST',
          headers: { Authorization: `Token ${local.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ url, token: remote.token }),
        });
      expect((await add(remote.url)).status).toBe(201);
      expect((await add(remote.url.replace('127.0.0.1', 'localhost'))).status).toBe(201);
      const warnings = local
        .stderr()
        .split('\n')
        .filter((line) => line.startsWith('Warning: remote tokens'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('protected only by its file permissions');
    } finally {
      await local.stop();
    }
  });

  it('documents itself in --help', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['sync', '--help'], io)).toBe(0);
    expect(out).toEqual([SYNC_HELP]);
    expect(SYNC_HELP).toContain('--remote URL');
    const main = captureIo();
    await runCli(['--help'], main.io);
    expect(main.out.join('\n')).toMatch(/^ {2}sync {5}/m);
  });

  it.each([
    [['sync', '--token', 'x'], 'outpost sync: --remote is required.'],
    [
      ['sync', '--remote', 'ftp://example.org', '--token', 'x'],
      "--remote must be the http(s) URL of a Label Studio server, not 'ftp://example.org'.",
    ],
    [
      ['sync', '--remote', 'http://127.0.0.1:1', '--token', 'x', '--project', 'five'],
      "--project must be a remote project id (a whole number), not 'five'.",
    ],
    [['sync', '--remote', 'http://127.0.0.1:1', '--token', ''], 'outpost sync: --token may not be blank.'],
    [['sync', '--remote', 'http://127.0.0.1:1', '--colour'], "outpost sync: Unknown option '--colour'"],
  ])('exits 2 for a usage mistake: %j', async (args, message) => {
    const { io, out, err } = captureIo();
    expect(await runCli(args, io)).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toContain(message);
    expect(err[0]).toContain("Run 'outpost sync --help' for usage.");
  });
});
