import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { createRemoteClient, type RemoteClient } from '../../electron/core/sync/remoteClient.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  localSnapshot,
  remoteSnapshot,
  startRemoteOutpost,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/*
 * A full pull reads each task once where the remote's export allows it (exportedTaskPages.ts):
 * the full data-manager list (`fields=all`) serves only tasks with predictions (the export names
 * them by id) and tasks with an annotation by someone the pull has not yet seen named. When the
 * export fails, the page comes through the full list as before and the run says the extras are
 * missing. Either way the mirror ends equal to the remote.
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

  it('reads through the full list only tasks with predictions or an author not yet named, and names each author', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const wholeReads: number[] = [];
    // The second page's export waits for the first page's full read, which names the other person:
    // pages are fetched side by side, and the order fixes what the second page may rely on.
    let named!: () => void;
    const firstPageNamed = new Promise<void>((resolve) => (named = resolve));
    const request = async <T>(...args: Parameters<Request>): Promise<T> => {
      const [, path, init] = args;
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
    const standIn = local.t.db.prepare('SELECT email, first_name, last_name FROM users WHERE remote_id = ?');
    expect(standIn.get(other)).toEqual({ email: 'nia@example.org', first_name: 'Nia', last_name: 'Named' });
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
  });

  it('reads a page through the full list when the export fails, and the run says so', async () => {
    const seeded = await seedProject();
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const wholeReads: number[] = [];
    const request = async <T>(...args: Parameters<Request>): Promise<T> => {
      const [, path, init] = args;
      if (path.endsWith('/export')) throw new Error('the export is switched off here');
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
});
