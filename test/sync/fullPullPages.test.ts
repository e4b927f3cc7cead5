import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { RemoteError } from '../../electron/core/sync/remoteError.js';
import { createRemoteClient, type RemoteClient } from '../../electron/core/sync/remoteClient.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  localSnapshot,
  remoteSnapshot,
  startRemoteOutpost,
  type LocalSync,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/*
 * A full pull reads each task once where the remote's export allows it (exportedTaskPages.ts):
 * the export gives the tasks, the project's prediction list their predictions and the
 * organization's members their annotators, each list read once. The full data-manager list
 * (`fields=all`) serves only what those cannot complete; when the export itself is refused, the
 * page comes through the full list as before and the run says the extras are missing. Either way
 * the mirror ends equal to the remote.
 */

type Request = RemoteClient['request'];

describe("a full pull's pages", () => {
  let remote: RemoteOutpost;
  let other: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    other = await remote.addUser('nia@example.org', 'Nia', 'Named');
  });

  afterAll(async () => {
    await remote?.stop();
  });

  /** Pages of two: [mine, theirs], [predicted, theirs again]. */
  async function seedProject() {
    const { projectId, taskIds } = await createRemoteProject(remote, ['mine', 'theirs', 'predicted', 'theirs again']);
    const [mine, theirs, predicted, theirsAgain] = taskIds as [number, number, number, number];
    const annotate = (task: number, body: Record<string, unknown>) =>
      remote.api('POST', `/api/tasks/${task}/annotations/`, body);
    await annotate(mine, { result: choice('pos') });
    await annotate(theirs, { result: choice('neg'), completed_by: other });
    await remote.api('POST', '/api/predictions/', { task: predicted, result: choice('pos'), score: 0.5 });
    await annotate(theirsAgain, { result: choice('pos'), completed_by: other });
    return { projectId, mine, theirs, predicted, theirsAgain };
  }

  /** The ids a call reads through the full list, or none. */
  function readWhole(init: Parameters<Request>[2]): number[] {
    if (init?.query?.fields !== 'all') return [];
    const query = JSON.parse(String(init.query.query)) as { selectedItems: { included: number[] } };
    return query.selectedItems.included;
  }

  const standIn = (local: LocalSync) =>
    local.t.db.prepare('SELECT email, first_name, last_name FROM users WHERE remote_id = ?').get(other);

  it('reads no task through the full list: predictions and annotators come from one list each', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const calls: { path: string; query: NonNullable<Parameters<Request>[2]>['query'] }[] = [];
    const request = <T>(...args: Parameters<Request>): Promise<T> => {
      calls.push({ path: args[1], query: args[2]?.query });
      return real.request<T>(...args);
    };
    const local = await createLocalSync(remote, { client: { ...real, request } });

    const pulled = await pullProject(local.ctx, seeded.projectId, { pageSize: 2 });

    expect(calls.flatMap((call) => readWhole({ query: call.query }))).toEqual([]);
    expect(calls.filter((call) => call.path === '/api/predictions/')).toEqual([
      { path: '/api/predictions/', query: { project: seeded.projectId } },
    ]);
    expect(calls.filter((call) => call.path === '/api/users/')).toHaveLength(1);
    expect(pulled.stats).toMatchObject({ tasks: 4, annotations: 3, predictions: 1 });
    expect(standIn(local)).toEqual({ email: 'nia@example.org', first_name: 'Nia', last_name: 'Named' });
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
  });

  it('reads through the full list what a remote refusing both lists leaves out, each author only until named', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const wholeReads: number[] = [];
    // The second page's export waits for the first page's full read, which names the other person:
    // pages are fetched side by side, and the order fixes what the second page may rely on.
    let named!: () => void;
    const firstPageNamed = new Promise<void>((resolve) => (named = resolve));
    const request = async <T>(...args: Parameters<Request>): Promise<T> => {
      const [, path, init] = args;
      if (path === '/api/predictions/' || path === '/api/users/')
        throw new RemoteError(403, 'You do not have permission to perform this action.', null);
      const ids = init?.query?.['ids[]'];
      if (path.endsWith('/export') && Array.isArray(ids) && ids.includes(seeded.theirsAgain)) await firstPageNamed;
      const whole = readWhole(init);
      wholeReads.push(...whole);
      const answer = await real.request<T>(...args);
      if (whole.includes(seeded.theirs)) named();
      return answer;
    };
    const local = await createLocalSync(remote, { client: { ...real, request } });

    const pulled = await pullProject(local.ctx, seeded.projectId, { pageSize: 2 });

    expect(wholeReads).toEqual([seeded.theirs, seeded.predicted]);
    expect(pulled.stats).toMatchObject({ tasks: 4, annotations: 3, predictions: 1 });
    expect(standIn(local)).toEqual({ email: 'nia@example.org', first_name: 'Nia', last_name: 'Named' });
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
  });

  it('reads through the full list a task whose prediction was made after the prediction list was read', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const wholeReads: number[] = [];
    // Pages of three: [mine, theirs, predicted] reads the prediction list; the export of
    // [theirs again] waits until a prediction was made there after that.
    let made!: () => void;
    const madeLate = new Promise<void>((resolve) => (made = resolve));
    const request = async <T>(...args: Parameters<Request>): Promise<T> => {
      const [, path, init] = args;
      const ids = init?.query?.['ids[]'];
      if (path.endsWith('/export') && Array.isArray(ids) && ids.includes(seeded.theirsAgain)) await madeLate;
      wholeReads.push(...readWhole(init));
      const answer = await real.request<T>(...args);
      if (path === '/api/predictions/') {
        await remote.api('POST', '/api/predictions/', { task: seeded.theirsAgain, result: choice('neg'), score: 0.9 });
        made();
      }
      return answer;
    };
    const local = await createLocalSync(remote, { client: { ...real, request } });

    const pulled = await pullProject(local.ctx, seeded.projectId, { pageSize: 3 });

    expect(wholeReads).toEqual([seeded.theirsAgain]);
    expect(pulled.stats).toMatchObject({ predictions: 2 });
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
  });

  it('reads a page through the full list when the export is refused, and the run says so', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const wholeReads: number[] = [];
    const request = async <T>(...args: Parameters<Request>): Promise<T> => {
      const [, path, init] = args;
      if (path.endsWith('/export')) throw new RemoteError(403, 'the export is switched off here', null);
      wholeReads.push(...readWhole(init));
      return real.request<T>(...args);
    };
    const local = await createLocalSync(remote, { client: { ...real, request } });

    const pulled = await pullProject(local.ctx, seeded.projectId, { pageSize: 2 });

    expect(wholeReads.sort((a, b) => a - b)).toEqual([
      seeded.mine,
      seeded.theirs,
      seeded.predicted,
      seeded.theirsAgain,
    ]);
    expect(local.progress.errors).toEqual([
      { item: `drafts of project ${seeded.projectId}`, message: 'the export is switched off here' },
      { item: `drafts of project ${seeded.projectId}`, message: 'the export is switched off here' },
    ]);
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
  });

  it('fails the page when the connection is lost on its export, and the next pull resumes there with the extras', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    let cut = true;
    const request = async <T>(...args: Parameters<Request>): Promise<T> => {
      const ids = args[2]?.query?.['ids[]'];
      if (cut && args[1].endsWith('/export') && Array.isArray(ids) && ids.includes(seeded.predicted))
        throw new Error('connection lost');
      return real.request<T>(...args);
    };
    const local = await createLocalSync(remote, { client: { ...real, request } });

    await expect(pullProject(local.ctx, seeded.projectId, { pageSize: 2 })).rejects.toThrow('connection lost');
    expect(local.progress.errors).toEqual([]);
    cut = false;
    const pulled = await pullProject(local.ctx, seeded.projectId, { pageSize: 2 });
    expect(pulled.stats).toMatchObject({ tasks: 2 });
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
  });
});
