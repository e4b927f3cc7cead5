import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, spawnCli } from '../helpers/spawnCli.js';
import { choice, createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';

/*
 * The whole loop through the CLI, as separate processes over 127.0.0.1: `outpost sync` pulls a
 * remote project into a local data folder, an annotator labels through the local server (offline
 * from the remote's point of view), and the next `outpost sync` pushes exactly that work back.
 */

interface Summary {
  pulled: Record<string, number>;
  pushed: Record<string, number>;
  conflicts: number;
  errors: unknown[];
}

function sync(dataDir: string, remote: RemoteOutpost, token: string, project: number): Promise<Summary> {
  const args = [
    'sync',
    '--data',
    dataDir,
    '--remote',
    remote.url,
    '--token',
    token,
    '--project',
    String(project),
    '--json',
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI_PATH, ...args], (error, stdout, stderr) => {
      if (error) reject(new Error(`outpost sync failed (${String(error.code)}): ${stderr}`));
      else resolve(JSON.parse(stdout) as Summary);
    });
  });
}

interface RemoteAnnotation {
  id: number;
  result: unknown;
  was_cancelled: boolean;
  completed_by: number;
}

for (const kind of ['legacy', 'pat'] as const) {
  describe(`a sync round trip through the CLI (${kind} token)`, () => {
    let remote: RemoteOutpost;
    let dataDir: string;
    let project: number;
    let remoteTasks: number[];

    beforeAll(async () => {
      // Access tokens last 1 s: a PAT sync refreshes them as it goes.
      remote = await startRemoteOutpost(['--access-token-lifetime', '1']);
      dataDir = mkdtempSync(join(tmpdir(), 'outpost-local-'));
      ({ projectId: project, taskIds: remoteTasks } = await createRemoteProject(remote, ['one', 'two', 'three']));
      await remote.api('POST', `/api/tasks/${remoteTasks[0]}/annotations/`, { result: choice('pos') });
    });

    afterAll(async () => {
      await remote?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const token = () => (kind === 'legacy' ? remote.token : remote.pat);
    const remoteAnnotations = async (task: number) =>
      (await remote.api<{ annotations: RemoteAnnotation[] }>('GET', `/api/tasks/${task}/`)).annotations;

    it('pulls the project, labels locally, pushes exactly the new work, and then has nothing to do', async () => {
      const first = await sync(dataDir, remote, token(), project);
      expect(first).toEqual({
        pulled: { projects: 1, tasks: 3, annotations: 1, predictions: 0, media: 0 },
        pushed: { annotations: 0, updates: 0, deletions: 0, tasks: 0 },
        conflicts: 0,
        errors: [],
      });

      // Label through the local server, as the app does.
      const local = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
      const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
        const response = await fetch(`${local.url}${path}`, {
          method,
          headers: { Authorization: `Token ${local.token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(response.status, `${method} ${path}`).toBeLessThan(300);
        return (response.status === 204 ? null : await response.json()) as T;
      };
      const [localProject] = (await call<{ results: { id: number }[] }>('GET', '/api/projects/')).results;
      const tasks = (
        await call<{ tasks: { id: number; data: { text: string }; annotations: { id: number }[] }[] }>(
          'GET',
          `/api/tasks/?project=${localProject!.id}&fields=all`,
        )
      ).tasks.sort((a, b) => a.data.text.localeCompare(b.data.text));
      const byText = Object.fromEntries(tasks.map((task) => [task.data.text, task]));
      const pulled = byText.one!.annotations[0]!.id;
      await call('PATCH', `/api/annotations/${pulled}/`, { result: choice('neg') });
      await call('POST', `/api/tasks/${byText.three!.id}/annotations/`, { result: choice('pos') });
      await call('POST', `/api/tasks/${byText.two!.id}/annotations/`, { result: [], was_cancelled: true });
      await local.stop();

      const second = await sync(dataDir, remote, token(), project);
      expect(second.pushed).toEqual({ annotations: 1, updates: 1, deletions: 0, tasks: 0, skips: 1 });
      expect(second.errors).toEqual([]);
      expect(second.conflicts).toBe(0);

      const [one, two, three] = await Promise.all(remoteTasks.map(remoteAnnotations));
      expect(one!.map((annotation) => annotation.result)).toEqual([choice('neg')]);
      expect(two!.map((annotation) => [annotation.result, annotation.was_cancelled])).toEqual([[[], true]]);
      expect(three!.map((annotation) => annotation.result)).toEqual([choice('pos')]);

      const third = await sync(dataDir, remote, token(), project);
      expect(third.pushed).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
      expect(third.conflicts).toBe(0);
      const again = await Promise.all(remoteTasks.map(remoteAnnotations));
      expect(again.map((list) => list.length)).toEqual([1, 1, 1]);
    });
  });
}
