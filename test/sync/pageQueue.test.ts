import { describe, expect, it } from 'vitest';
import { createPageQueue } from '../../electron/core/sync/pull/pageQueue.js';
import type { RemoteTaskPage } from '../../electron/core/sync/pull/remoteTask.js';

/** A remote whose page answers the test releases by hand; `total` tasks in pages of one. */
function heldRemote(total: number) {
  const asked: number[] = [];
  const answers = new Map<number, (page: RemoteTaskPage | null) => void>();
  const fetchPage = (page: number) =>
    new Promise<RemoteTaskPage | null>((resolve) => {
      asked.push(page);
      answers.set(page, resolve);
    });
  const answer = (page: number) =>
    answers.get(page)!(
      page > total ? null : ({ tasks: [{ id: page, updated_at: 'x', data: {} }], total } as RemoteTaskPage),
    );
  return { asked, fetchPage, answer };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the pull page queue', () => {
  it('asks up to four pages ahead, never past the one after the last, and hands them out in order', async () => {
    const remote = heldRemote(20);
    const pages = createPageQueue(remote.fetchPage, 1, 1);
    const first = pages.take();
    expect(remote.asked).toEqual([1]);
    remote.answer(1);
    expect((await first)?.tasks[0]?.id).toBe(1);
    expect(remote.asked).toEqual([1, 2, 3, 4, 5]);

    const small = heldRemote(2);
    const few = createPageQueue(small.fetchPage, 1, 1);
    const taken = few.take();
    small.answer(1);
    await taken;
    expect(small.asked).toEqual([1, 2, 3]);
  });

  it('lets a listing request wait until enough pages are ready, and go on once no more will come', async () => {
    const remote = heldRemote(3);
    const pages = createPageQueue(remote.fetchPage, 1, 1);
    const first = pages.take();
    remote.answer(1);
    await first;
    let released = false;
    void pages.whenAhead(2).then(() => (released = true));
    remote.answer(2);
    await turn();
    expect(released).toBe(false);
    remote.answer(3);
    await turn();
    expect(released).toBe(true);

    // Fewer pages than asked for are left, but all of them are in (page 4 is the empty one).
    let late = false;
    void pages.whenAhead(10).then(() => (late = true));
    await turn();
    expect(late).toBe(false);
    remote.answer(4);
    await turn();
    expect(late).toBe(true);
  });

  it('fails a waiting listing request when the walk fails, and releases it when the walk ends', async () => {
    const remote = heldRemote(50);
    const failing = createPageQueue(remote.fetchPage, 1, 1);
    const waiting = failing.whenAhead(4);
    failing.close(true);
    await expect(waiting).rejects.toThrow('the page walk failed');

    const ending = createPageQueue(heldRemote(50).fetchPage, 1, 1);
    const released = ending.whenAhead(4);
    ending.close(false);
    await expect(released).resolves.toBeUndefined();
  });
});
