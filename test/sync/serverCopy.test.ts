import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/eventually.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli, withLocalServer } from './faultsFixtures.js';
import { exportView, expectedOnTarget, fileBytes, withoutMarkers } from './serverCopyExportView.js';
import {
  COPIED_PROJECT_FIELDS,
  localProjectOf,
  runCopyCli,
  seedSource,
  type SeededSource,
} from './serverCopyFixtures.js';

/*
 * Server to server between two Outposts: a project pulled from A is copied to B with
 * `outpost sync copy`, and B's project is compared with A's object by object (settings, every
 * task with its meta, annotations with their authors and flags, predictions, uploaded files byte
 * for byte). The API route starts the same copy in the background and refuses bad input with
 * Label Studio's envelope.
 */

describe('copying a mirrored project to another server', () => {
  let source: RemoteOutpost;
  let target: RemoteOutpost;
  let dataDir: string;
  let seeded: SeededSource;
  let localProject: number;

  beforeAll(async () => {
    [source, target] = await Promise.all([startRemoteOutpost(), startRemoteOutpost()]);
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-copy-'));
    await source.addUser('ann@example.org', 'Ann', 'Lee');
    await source.addUser('ghost@example.org');
    await target.addUser('ann@example.org', 'Ann', 'Lee');
    const me = (await source.api<{ email: string }>('GET', '/api/current-user/whoami')).email;
    seeded = await seedSource(source, { named: 12, uploads: 2, authors: ['ann@example.org', 'ghost@example.org', me] });
    const pulled = await runSyncCli(dataDir, source.url, source.token, seeded.project);
    expect(pulled.code, pulled.stderr).toBe(0);
    localProject = localProjectOf(dataDir, seeded.project);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the project on the target with everything the source holds', async () => {
    const outcome = await runCopyCli(dataDir, localProject, target.url, target.token);
    expect(outcome.code, outcome.stderr).toBe(0);
    const summary = outcome.summary!;
    expect(summary.pushed).toMatchObject({ tasks: seeded.taskCount });
    // The one author the target lacks is named, and credited to the token's user there.
    const targetMe = (await target.api<{ email: string }>('GET', '/api/current-user/whoami')).email;
    expect(summary.errors.map((error) => error.item)).toEqual(['author ghost@example.org']);

    const copied = await target.api<Record<string, unknown>>('GET', `/api/projects/${summary.target_project}/`);
    const original = await source.api<Record<string, unknown>>('GET', `/api/projects/${seeded.project}/`);
    for (const field of COPIED_PROJECT_FIELDS) {
      expect(copied[field], field).toEqual(original[field]);
    }
    expect(copied.description).toMatch(/^Birds, by colour\.\n\noutpost-copy:[0-9a-f-]{36}$/);

    const from = await exportView(source, seeded.project);
    const to = await exportView(target, summary.target_project!);
    const targetUsers = await target.api<{ email: string }[]>('GET', '/api/users/');
    expect(Object.keys(to.tasks)).toHaveLength(seeded.taskCount);
    const count = (field: 'annotations' | 'predictions') =>
      Object.values(from.tasks)
        .map((task) => (task as Record<string, unknown[]>)[field]!.length)
        .reduce((sum, length) => sum + length, 0);
    expect(summary.pushed).toMatchObject({ annotations: count('annotations'), predictions: count('predictions') });
    expect(withoutMarkers(to)).toEqual(expectedOnTarget(from, new Set(targetUsers.map((u) => u.email)), targetMe));

    // Each uploaded file is on the target once, with the same bytes.
    expect([...to.files.keys()].sort()).toEqual([...from.files.keys()].sort());
    for (const [name, url] of from.files) {
      expect(await fileBytes(target, to.files.get(name)!), name).toEqual(await fileBytes(source, url));
    }
    const uploads = await target.api<unknown[]>('GET', `/api/projects/${summary.target_project}/file-uploads?all=true`);
    expect(uploads).toHaveLength(seeded.uploads.length);

    // The local project is still the source's mirror, untouched.
    expect(localProjectOf(dataDir, seeded.project)).toBe(localProject);
  }, 120_000);

  it('starts a copy from the API as a run of the target, and refuses bad input', async () => {
    await withLocalServer(dataDir, async (call, url, token) => {
      const remotes = await call<{ id: number; url: string }[]>('GET', '/api/outpost/remotes/');
      const targetRemote = remotes.find((remote) => remote.url === target.url)!.id;
      const sourceRemote = remotes.find((remote) => remote.url === source.url)!.id;
      const post = (project: number, body: unknown) =>
        fetch(`${url}/api/outpost/projects/${project}/copy-to-remote`, {
          method: 'POST',
          headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });

      const refusals = [
        [await post(localProject, { remote: 'x' }), 400],
        [await post(localProject, { remote: 9999 }), 400],
        [await post(localProject, { remote: sourceRemote }), 400],
        [await post(localProject, { remote: targetRemote, title: '' }), 400],
        [await post(9999, { remote: targetRemote }), 404],
      ] as const;
      for (const [response, status] of refusals) {
        expect(response.status).toBe(status);
        expect(await response.json()).toHaveProperty('detail');
      }

      const started = await post(localProject, { remote: targetRemote, title: 'second copy' });
      expect(started.status).toBe(201);
      const { run, copy } = (await started.json()) as { run: { id: number }; copy: { title: string } };
      expect(copy.title).toBe('second copy');
      const finished = await waitUntil(async () => {
        const runs = await call<{ id: number; status: string; stats: { pushed: { tasks: number } } }[]>(
          'GET',
          `/api/outpost/remotes/${targetRemote}/runs`,
        );
        const mine = runs.find((entry) => entry.id === run.id);
        return mine && mine.status !== 'running' ? mine : null;
      }, 'the copy run to finish');
      expect(finished.status).toBe('completed');
      expect(finished.stats.pushed.tasks).toBe(seeded.taskCount);
    });
    const titles = await target.api<{ results: { title: string; task_number: number }[] }>('GET', '/api/projects/');
    expect(titles.results.map((project) => [project.title, project.task_number]).sort()).toEqual([
      ['copy source', seeded.taskCount],
      ['second copy', seeded.taskCount],
    ]);
  }, 120_000);
});
