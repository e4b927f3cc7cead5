import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { mirrorListSchema } from '../../shared/api/mirrors.js';
import type { Remote, SyncRun } from '../../shared/api/remotes.js';
import { startRemotesApiSession, type RemotesApiSession } from '../helpers/remotesApi.js';

/*
 * What the app shows about sync at a glance: each remote's count of local changes
 * waiting to be pushed, `/api/outpost/mirrors/` (which projects are mirrored, from where, with
 * pending changes and open conflicts), and the projects a run recorded its conflicts in.
 * Against a spawned second Outpost as the remote; none of this is part of Label Studio's API.
 */

const MIRROR_KEYS = [
  'last_pull_at',
  'last_push_at',
  'open_conflicts',
  'pending_changes',
  'project',
  'remote',
  'remote_project_id',
];
const choice = (value: string) => [{ from_name: 'c', to_name: 't', type: 'choices', value: { choices: [value] } }];

describe('sync status: pending changes, mirrors and the conflicts of a run', () => {
  let s: RemotesApiSession;
  let remoteId: number;
  let projectId: number;
  const remoteAnnotations: number[] = [];

  const json = async <T>(path: string) => {
    const response = await s.call(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  /** Checked strictly against the shared wire shape, as the renderer reads it. */
  const readMirrors = async (path: string) => mirrorListSchema.parse(await json(path));
  const remoteCall = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${s.remote.url}${path}`, {
      method,
      headers: { Authorization: `Token ${s.remote.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const sync = async (): Promise<SyncRun> => {
    const started = (await (await s.post(`/api/outpost/remotes/${remoteId}/sync`, {})).json()) as SyncRun;
    return s.waitForRun(remoteId, started.id);
  };
  const localAnnotations = async () => {
    const list = await json<{ tasks: { data: { text: string }; annotations: { id: number }[] }[] }>(
      `/api/tasks/?project=${projectId}&fields=all`,
    );
    return Object.fromEntries(list.tasks.map((task) => [task.data.text, task.annotations.map((a) => a.id)]));
  };

  beforeAll(async () => {
    s = await startRemotesApiSession();
    const imported = await remoteCall<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${s.remoteProjectId}/import?return_task_ids=true`,
      [{ text: 'first' }, { text: 'second' }],
    );
    for (const task of imported.task_ids) {
      remoteAnnotations.push(
        (await remoteCall<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result: choice('base') })).id,
      );
    }
    remoteId = (
      (await (await s.post('/api/outpost/remotes/', { url: s.remote.url, token: s.remote.token })).json()) as Remote
    ).id;
    const started = (await (
      await s.post(`/api/outpost/remotes/${remoteId}/sync`, { projects: [s.remoteProjectId] })
    ).json()) as SyncRun;
    expect(await s.waitForRun(remoteId, started.id)).toMatchObject({ status: 'completed', conflict_projects: [] });
    projectId = (await readMirrors('/api/outpost/mirrors/'))[0]!.project;
  });

  afterAll(async () => {
    await s?.close();
  });

  it('lists the mirrored project with its remote, nothing pending and no conflicts', async () => {
    const mirrors = await readMirrors('/api/outpost/mirrors/');
    expect(mirrors).toHaveLength(1);
    expect(Object.keys(mirrors[0]!).sort()).toEqual(MIRROR_KEYS);
    expect(mirrors[0]).toEqual({
      project: projectId,
      remote: { id: remoteId, name: new URL(s.remote.url).host, url: s.remote.url },
      remote_project_id: s.remoteProjectId,
      last_pull_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_push_at: null,
      pending_changes: 0,
      open_conflicts: 0,
    });
    const [remote] = await json<Remote[]>('/api/outpost/remotes/');
    expect(remote!.pending_changes).toBe(0);
  });

  it('counts the local changes waiting to be pushed, per remote and per project', async () => {
    const annotations = await localAnnotations();
    const edit = await s.patch(`/api/annotations/${annotations.first![0]}/`, { result: choice('mine') });
    expect(edit.status).toBe(200);
    const tasks = await json<{ tasks: { id: number; data: { text: string } }[] }>(`/api/tasks/?project=${projectId}`);
    const second = tasks.tasks.find((task) => task.data.text === 'second')!;
    expect((await s.post(`/api/tasks/${second.id}/annotations/`, { result: choice('extra') })).status).toBe(201);

    const [remote] = await json<Remote[]>('/api/outpost/remotes/');
    expect(remote!.pending_changes).toBe(2);
    expect((await json<Remote>(`/api/outpost/remotes/${remoteId}/`)).pending_changes).toBe(2);
    expect((await readMirrors(`/api/outpost/mirrors/?project=${projectId}`))[0]!.pending_changes).toBe(2);
  });

  it('names the projects a run recorded conflicts in, and counts them open on the mirror', async () => {
    // The same annotation edited on the remote too: the next sync keeps both and records a conflict.
    await remoteCall('PATCH', `/api/annotations/${remoteAnnotations[0]}/`, { result: choice('theirs') });
    const run = await sync();
    expect(run.status).toBe('completed');
    expect(run.stats.conflicts).toBe(1);
    expect(run.conflict_projects).toEqual([{ id: projectId, title: 'Remote birds', conflicts: 1 }]);
    const runs = await json<SyncRun[]>(`/api/outpost/remotes/${remoteId}/runs`);
    expect(runs[0]!.conflict_projects).toEqual(run.conflict_projects);
    expect(runs.at(-1)!.conflict_projects).toEqual([]);
    const [remote] = await json<Remote[]>('/api/outpost/remotes/');
    expect(remote!.last_run!.conflict_projects).toEqual(run.conflict_projects);

    const [mirror] = await readMirrors(`/api/outpost/mirrors/?project=${projectId}`);
    expect(mirror!.open_conflicts).toBe(1);
    expect(mirror!.last_push_at).toEqual(expect.any(String));
    // The new annotation went out; the edit that met the remote's waits for the conflict's answer.
    expect(mirror!.pending_changes).toBe(remote!.pending_changes);
    expect(mirror!.pending_changes).toBeLessThan(2);
  });

  it('leaves out local projects that mirror nothing, and checks ?project=', async () => {
    const created = await s.post('/api/projects/', { title: 'Made here' });
    const local = (await created.json()) as { id: number };
    expect(await readMirrors(`/api/outpost/mirrors/?project=${local.id}`)).toEqual([]);
    expect((await readMirrors('/api/outpost/mirrors')).map((mirror) => mirror.project)).toEqual([projectId]);
    await expectEnvelope(await s.call('/api/outpost/mirrors/?project=seven'), 400, 'Validation error', {
      project: ['A valid integer is required.'],
    });
    expect((await s.call('/api/outpost/mirrors/', { method: 'POST' })).status).toBe(405);
  });
});
