import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { addRemote, testRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import {
  choice,
  createRemoteProject,
  recordingProgress,
  startRemoteOutpost,
  type RemoteOutpost,
  syncDepsOf,
} from '../helpers/syncRemote.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * The local user is, on the remote, the account whose token Outpost holds: once that remote is
 * added, the local user answers with that account's email, username and names everywhere (users
 * list, whoami, created_username, the expanded completed_by), as the remote shows them; other
 * people's work keeps their own names, and a second remote does not rename anyone.
 */

type Json = Record<string, unknown>;

/** Renames a remote Outpost's own user in its database (it has no API for that). */
function renameRemoteUser(remote: RemoteOutpost, email: string, first: string, last: string): void {
  const db = openDatabase(join(remote.dataDir, 'outpost.db'));
  try {
    db.prepare('UPDATE users SET email = ?, username = ?, first_name = ?, last_name = ? WHERE id = 1').run(
      email,
      email,
      first,
      last,
    );
  } finally {
    db.close();
  }
}

async function json<T = Json>(t: TestApp, path: string): Promise<T> {
  const response = await t.withToken(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const IDENTITY_FIELDS = ['email', 'username', 'first_name', 'last_name', 'initials'] as const;
const identityOf = (user: Json) => Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, user[field]]));

describe("the local user carries the remote account's identity", () => {
  let remote: RemoteOutpost;
  let other: RemoteOutpost;
  let t: TestApp;
  let deps: SyncDeps;

  beforeAll(async () => {
    [remote, other] = await Promise.all([startRemoteOutpost(), startRemoteOutpost()]);
    renameRemoteUser(remote, 'me@example.com', 'Mae', 'Jones');
    renameRemoteUser(other, 'someone.else@example.com', 'Sam', 'Else');
    t = await createTestApp();
    deps = syncDepsOf(t);
  });
  afterAll(async () => {
    await Promise.all([remote?.stop(), other?.stop()]);
  });

  it('adopts it when the remote is added: users list and whoami answer as the remote does', async () => {
    const remoteMe = await remote.api<Json>('GET', '/api/current-user/whoami');
    const { id } = await addRemote(deps, { url: remote.url, token: remote.token });
    const localMe = await json(t, '/api/current-user/whoami');
    expect(identityOf(localMe)).toEqual(identityOf(remoteMe));
    expect(identityOf(localMe)).toMatchObject({ email: 'me@example.com', initials: 'MJ' });
    const users = await json<Json[]>(t, '/api/users/');
    expect(users.filter((user) => user.email === 'annotator@outpost.local')).toEqual([]);

    // A second remote's account does not rename the local user; testing the first keeps its names.
    const second = await addRemote(deps, { url: other.url, token: other.token });
    await testRemote(deps, second.id);
    await testRemote(deps, id);
    expect(identityOf(await json(t, '/api/current-user/whoami'))).toEqual(identityOf(remoteMe));
  });

  it("shows my remote annotations under my remote name, and others' under theirs", async () => {
    const pat = await remote.addUser('pat@example.com', 'Pat', 'Other');
    const { projectId, taskIds } = await createRemoteProject(remote, ['one']);
    await remote.api('POST', `/api/tasks/${taskIds[0]}/annotations/`, { result: choice('pos') });
    await remote.api('POST', `/api/tasks/${taskIds[0]}/annotations/`, { result: choice('neg'), completed_by: pat });
    const remoteId = t.db.prepare('SELECT id FROM remotes WHERE url = ?').pluck().get(remote.url) as number;
    const result = await runSync(deps, remoteId, { progress: recordingProgress(), projects: [projectId] });
    expect(result.summary.errors).toEqual([]);

    const remoteTask = await remote.api<{ annotations: Json[] }>('GET', `/api/tasks/${taskIds[0]}?expand=completed_by`);
    const localTaskId = t.db.prepare('SELECT task FROM remote_tasks').pluck().get() as number;
    const localTask = await json<{ annotations: Json[] }>(t, `/api/tasks/${localTaskId}?expand=completed_by`);
    const names = (annotations: Json[]) =>
      annotations.map((annotation) => ({
        created_username: String(annotation.created_username).replace(/, \d+$/, ''),
        author: identityOf(annotation.completed_by as Json),
      }));
    expect(names(localTask.annotations)).toEqual(names(remoteTask.annotations));
    const mine = localTask.annotations.find((annotation) => (annotation.completed_by as Json).id === t.userId)!;
    expect(mine.created_username).toBe(`Mae Jones me@example.com, ${t.userId}`);
  });
});
