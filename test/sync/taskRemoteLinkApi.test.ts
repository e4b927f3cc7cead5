import { describe, expect, it } from 'vitest';
import { getTaskRemoteLink } from '../../renderer/src/api/taskRemote.js';
import { taskRemoteLinkSchema } from '../../shared/api/mirrors.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { localMirror } from '../helpers/syncPushFixtures.js';
import { call, createProject, createTask } from '../helpers/taskApi.js';

/*
 * `/api/outpost/tasks/{id}/remote`: where a task lives on the team's server, read from the
 * mirror mappings (no remote needed: the request never calls out), in the shared wire shape.
 */

const path = (task: number) => `/api/outpost/tasks/${task}/remote`;

describe('GET /api/outpost/tasks/{id}/remote', () => {
  it("names a mirrored task's remote and the address of its labeling page there", async () => {
    const { t, project, remoteId, tasks } = await localMirror('http://team.example:8080/', 41, [{ image: 'a' }], [501]);
    const { status, body } = await call(t, 'GET', path(tasks[0]!.local));
    expect(status).toBe(200);
    expect(taskRemoteLinkSchema.parse(body)).toEqual({
      remote: { id: remoteId, name: '', url: 'http://team.example:8080/' },
      remote_project_id: 41,
      remote_task_id: 501,
      url: 'http://team.example:8080/projects/41/data?task=501',
    });

    // A task made here and not pushed yet has no twin: the project's data page there.
    const unpushed = await createTask(t, project, { image: 'b' });
    expect(taskRemoteLinkSchema.parse((await call(t, 'GET', path(unpushed))).body)).toEqual({
      remote: { id: remoteId, name: '', url: 'http://team.example:8080/' },
      remote_project_id: 41,
      remote_task_id: null,
      url: 'http://team.example:8080/projects/41/data',
    });
  });

  it('answers nulls for a task of a project made here, and 404 for an unknown task', async () => {
    // Beside a mirrored project, so the answer is about this task's project, not any mirror.
    const { t } = await localMirror('http://127.0.0.1:9', 7, [{ image: 'a' }], [70]);
    const task = await createTask(t, await createProject(t));
    expect(await getTaskRemoteLink(rendererClient(t), task)).toEqual({
      remote: null,
      remote_project_id: null,
      remote_task_id: null,
      url: null,
    });
    await expectEnvelope((await call(t, 'GET', path(987654))).response, 404, 'No Task matches the given query.');
    await expectEnvelope((await t.request(path(task))).clone(), 401, 'Authentication credentials were not provided.');
  });
});
