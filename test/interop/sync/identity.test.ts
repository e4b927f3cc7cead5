import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addLabelStudioUser,
  CHOICES_CONFIG,
  choice,
  labelStudioApi,
  startOutpost,
  type Json,
  type OutpostServer,
} from './syncRig.js';

/*
 * Who made what, against the real Label Studio: the account whose token Outpost holds is the
 * local user, so once that server is added the local user answers with the account's email,
 * username, names and initials exactly as Label Studio gives them (whoami and /api/users), and
 * pulled annotations, the account's own and another person's, carry the same created_username
 * and completed_by detail on both servers. Only user ids stay local (the number after the comma).
 */

const IDENTITY = ['email', 'username', 'first_name', 'last_name', 'initials'] as const;
const identityOf = (user: Json) => Object.fromEntries(IDENTITY.map((field) => [field, user[field]]));
const AUTHOR = ['email', 'first_name', 'last_name', 'initials', 'avatar'] as const;
const authorOf = (user: Json) => Object.fromEntries(AUTHOR.map((field) => [field, user[field]]));
const withoutId = (createdUsername: unknown) => String(createdUsername).replace(/, \d+$/, '');

describe("the local user is the token's Label Studio account", () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  const stamp = Date.now();
  let outpost: OutpostServer;
  let remoteId: number;
  let original: Json;
  let patEmail: string;

  beforeAll(async () => {
    original = await remote.call('GET', '/api/current-user/whoami');
    // Names make the initials and created_username tell apart a copy of the names from the email.
    await remote.call('PATCH', `/api/users/${ls.user.id}/`, { first_name: 'Ina', last_name: 'Terop' });
    patEmail = `identity-${stamp}@example.com`;
    await addLabelStudioUser(remote, patEmail, 'Pat', 'Other');
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(ls.url, ls.user.token);
  });
  afterAll(async () => {
    await remote.call('PATCH', `/api/users/${ls.user.id}/`, {
      first_name: original.first_name,
      last_name: original.last_name,
    });
    await outpost?.stop();
  });

  it('answers whoami and /api/users with the account as Label Studio shows it', async () => {
    const remoteMe = await remote.call('GET', '/api/current-user/whoami');
    const localMe = await outpost.api.call('GET', '/api/current-user/whoami');
    expect(identityOf(localMe)).toEqual(identityOf(remoteMe));
    expect(localMe).toMatchObject({ email: ls.user.email, initials: 'IT' });
    const localUsers = await outpost.api.call<Json[]>('GET', '/api/users/');
    const remoteUsers = await remote.call<Json[]>('GET', '/api/users/');
    const localEntry = localUsers.find((user) => user.id === localMe.id)!;
    expect(identityOf(localEntry)).toEqual(identityOf(remoteUsers.find((user) => user.id === ls.user.id)!));
  });

  it('gives pulled annotations the created_username and completed_by the server gives them', async () => {
    const project = await remote.call<{ id: number }>('POST', '/api/projects/', {
      title: `Identity ${stamp}`,
      label_config: CHOICES_CONFIG,
    });
    const { task_ids: ids } = await remote.call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${project.id}/import?return_task_ids=true`,
      [{ data: { text: 'who made this' } }],
    );
    const task = ids[0]!;
    const users = await remote.call<Json[]>('GET', '/api/users/');
    const pat = users.find((user) => user.email === patEmail)!.id as number;
    await remote.call('POST', `/api/tasks/${task}/annotations/`, { result: choice('pos') });
    await remote.call('POST', `/api/tasks/${task}/annotations/`, { result: choice('neg'), completed_by: pat });

    const run = await outpost.sync(remoteId, [project.id]);
    expect(run.errors).toEqual([]);
    const mirror = await outpost.mirrorOf(remoteId, project.id);
    const localTasks = await outpost.api.call<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${mirror}`);

    const authors = (annotations: Json[]) =>
      annotations
        .map((annotation) => ({
          choice: JSON.stringify(annotation.result),
          created_username: withoutId(annotation.created_username),
          completed_by: authorOf(annotation.completed_by as Json),
        }))
        .sort((a, b) => a.choice.localeCompare(b.choice));
    const remoteTask = await remote.call<{ annotations: Json[] }>('GET', `/api/tasks/${task}/`);
    const localTask = await outpost.api.call<{ annotations: Json[] }>('GET', `/api/tasks/${localTasks.tasks[0]!.id}/`);
    expect(authors(localTask.annotations)).toEqual(authors(remoteTask.annotations));
    expect(
      authors(localTask.annotations)
        .map((item) => item.created_username)
        .sort(),
    ).toEqual([`Ina Terop ${ls.user.email}`, `Pat Other ${patEmail}`].sort());
  });
});
